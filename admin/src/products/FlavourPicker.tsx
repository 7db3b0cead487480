// "Вкусове": pick one of the shop's flavour lists and the product's flavour attributes are filled
// from it (domain/flavourLists: every "Вкус N" it has, or one per tank); they stay editable below.
import { useState } from 'react';
import { Box, Link, MenuItem, TextField } from '@mui/material';
import { useBasename, useGetList, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { fillFlavours } from '@domain/flavourLists';
import { TANK_KINDS, type ProductKind } from '@domain/productKinds';

interface FlavourListRecord {
  id: number;
  name: string;
  flavours: string[];
}

export function FlavourPicker() {
  const translate = useTranslate();
  const notify = useNotify();
  const basename = useBasename();
  const { getValues, setValue } = useFormContext();
  const { data = [], isPending } = useGetList<FlavourListRecord>('flavour-lists', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [picked, setPicked] = useState<string>('');

  const pick = (id: string) => {
    setPicked(id);
    const list = data.find((l) => String(l.id) === id);
    if (!list) return;
    const kind = getValues('kind') as ProductKind | undefined;
    const chambers = kind && TANK_KINDS.includes(kind) ? Number(getValues('tankCount') ?? 1) || 1 : 1;
    const attributes = fillFlavours(getValues('attributes') ?? [], list.flavours, chambers);
    setValue('attributes', attributes, { shouldDirty: true, shouldTouch: true });
    notify('app.flavourLists.filled', { type: 'info', messageArgs: { name: list.name, count: list.flavours.length } });
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2, width: '100%' }}>
      <TextField
        select
        size="small"
        label={translate('app.flavourLists.picker')}
        value={picked}
        onChange={(e) => pick(e.target.value)}
        disabled={isPending || !data.length}
        helperText={translate(data.length || isPending ? 'app.flavourLists.pickerHelp' : 'app.flavourLists.none')}
        sx={{ width: 320, maxWidth: '100%' }}
      >
        {data.map((l) => (
          <MenuItem key={l.id} value={String(l.id)}>
            {`${l.name} (${l.flavours.length})`}
          </MenuItem>
        ))}
      </TextField>
      <Link component={RouterLink} to={`${basename}/flavour-lists`} variant="body2">
        {translate('app.flavourLists.manage')}
      </Link>
    </Box>
  );
}
