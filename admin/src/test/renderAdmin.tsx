// Renders panel components the way the app does: react-admin's context with the real i18n
// (Bulgarian), an in-memory store, a stub dataProvider, under /admin, with the toast area.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, Notification, type DataProvider, type RaThemeOptions } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18nProvider } from '../i18nProvider';

export function renderAdmin(
  ui: ReactNode,
  { dataProvider, path = '/admin', theme }: { dataProvider: Record<string, any>; path?: string; theme?: RaThemeOptions },
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <AdminContext
              basename="/admin"
              dataProvider={dataProvider as unknown as DataProvider}
              i18nProvider={i18nProvider}
              store={memoryStore()}
              theme={theme}
            >
              {ui}
              <Notification />
            </AdminContext>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}
