import polyglotI18nProvider from 'ra-i18n-polyglot';
import { bg } from './i18n/bg';
import { en } from './i18n/en';

export const LOCALES = [
  { locale: 'bg', name: 'Български' },
  { locale: 'en', name: 'English' },
];

/** Bulgarian by default; English on demand from the app bar (react-admin stores the choice). */
export const i18nProvider = polyglotI18nProvider((locale) => (locale === 'en' ? en : bg), 'bg', LOCALES, {
  allowMissing: true,
});
