// Categories as a tree: each row is indented under its parent (the list is small, so it is read
// whole and ordered parent first).
import { Box } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  DeleteButton,
  ExportButton,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SimpleList,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
  ListContextProvider,
  type RaRecord,
} from 'react-admin';
import { csvExporter } from '../common/exporter';

const categoryExporter = csvExporter<any>(
  'categories',
  (c) => ({ id: c.id, name: c.name, slug: c.slug, parentId: c.parentId ?? '', position: c.position, productCount: c.productCount }),
  { id: 'number', parentId: 'number', position: 'number', productCount: 'number' },
);
import { RecordLink, useIsSmall } from '../common/fields';
import { errorMessage } from '../httpClient';
import { useNotify } from 'react-admin';

export interface CategoryRecord extends RaRecord {
  name: string;
  slug?: string;
  parentId: number | null;
  position?: number;
  productCount?: number;
  depth?: number;
}

/** Parent first, children under it (by position, then name), each with its depth. */
export function treeOrder(records: CategoryRecord[]): CategoryRecord[] {
  const byParent = new Map<string, CategoryRecord[]>();
  const ids = new Set(records.map((r) => String(r.id)));
  for (const r of records) {
    const key = r.parentId != null && ids.has(String(r.parentId)) ? String(r.parentId) : 'root';
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const sorter = (a: CategoryRecord, b: CategoryRecord) => (a.position ?? 0) - (b.position ?? 0) || a.name.localeCompare(b.name, 'bg');
  const out: CategoryRecord[] = [];
  const walk = (key: string, depth: number) => {
    for (const r of [...(byParent.get(key) ?? [])].sort(sorter)) {
      if (out.some((o) => o.id === r.id)) continue;
      out.push({ ...r, depth });
      walk(String(r.id), depth + 1);
    }
  };
  walk('root', 0);
  return out;
}

function TreeDatagrid() {
  const context = useListContext<CategoryRecord>();
  const isSmall = useIsSmall();
  const notify = useNotify();
  const translate = useTranslate();
  const ordered = treeOrder(context.data ?? []);
  const tree = { ...context, data: ordered } as typeof context;
  return (
    <ListContextProvider value={tree as any}>
      {isSmall ? (
        <SimpleList
          primaryText={(r: any) => `${'— '.repeat(r.depth ?? 0)}${r.name}`}
          secondaryText={(r: any) => `${r.productCount ?? 0}`}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField
            source="name"
            sortable={false}
            render={(r: CategoryRecord) => (
              <Box sx={{ pl: (r.depth ?? 0) * 3, fontWeight: r.depth ? 400 : 600 }}>
                {r.depth ? '└ ' : ''}
                <RecordLink>{r.name}</RecordLink>
              </Box>
            )}
          />
          <TextField source="slug" sortable={false} />
          <NumberField source="position" sortable={false} />
          <NumberField source="productCount" sortable={false} />
          <DeleteButton
            mutationMode="pessimistic"
            mutationOptions={{
              onSuccess: () => notify('app.categories.deleted', { type: 'success' }),
              onError: (e: unknown) => notify(errorMessage(e, translate('app.categories.deleteFailed')), { type: 'error' }),
            }}
          />
        </Datagrid>
      )}
    </ListContextProvider>
  );
}

export function CategoryList() {
  return (
    <List
      exporter={categoryExporter}
      perPage={1000}
      pagination={false}
      sort={{ field: 'position', order: 'ASC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        <TopToolbar>
          <CreateButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      <TreeDatagrid />
    </List>
  );
}
