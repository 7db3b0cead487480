// Настройки → Поръчки без регистрация: the limits on guest orders (server:
// modules/checkout/guestOrders). Past a soft limit the shopper's checkout runs a short automatic
// check (proof of work) and the order goes through; past a hard one it is refused. Counted per
// address (IPv6 by its /64), per phone and per e-mail within the window. Saved with the form
// (audited like every setting); the server refuses a soft limit above its hard one.
import { NumberInput, TabbedForm } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { guestOrderLimitsFields } from '@domain/schemas/settings';
import { fieldRule } from '../common/fieldRule';

/** Soft beside hard on a laptop, one under the other on a phone. */
const pairSx = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, maxWidth: '40em' } as const;

const pairs = [
  ['Address', 'адрес'],
  ['Phone', 'телефон'],
  ['Email', 'имейл'],
] as const;

export function GuestOrderSettingsTab(props: Record<string, unknown>) {
  return (
    <TabbedForm.Tab label="Поръчки без регистрация" path="guest-orders" {...props}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '40em' }}>
        Над меката граница клиентът минава кратка автоматична проверка („не сте робот“) и поръчката продължава; над твърдата поръчката се
        отказва. Регистрираните клиенти и поръчките по телефона не се броят.
      </Typography>
      <NumberInput
        source="guestOrders.windowMinutes"
        label="Период на броене (минути)"
        sx={{ maxWidth: '40em' }}
        fullWidth
        validate={fieldRule(guestOrderLimitsFields.windowMinutes)}
      />
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '40em' }}>
        Брой поръчки за периода от един адрес (IPv6: цялата /64 мрежа), с един телефон и с един имейл.
      </Typography>
      {pairs.map(([key, what]) => (
        <Box key={key} sx={pairSx}>
          <NumberInput
            source={`guestOrders.per${key}Soft`}
            label={`Мека граница, ${what}`}
            fullWidth
            validate={fieldRule(guestOrderLimitsFields[`per${key}Soft`])}
          />
          <NumberInput
            source={`guestOrders.per${key}Hard`}
            label={`Твърда граница, ${what}`}
            fullWidth
            validate={fieldRule(guestOrderLimitsFields[`per${key}Hard`])}
          />
        </Box>
      ))}
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '40em' }}>
        Една поръчка без регистрация взема от вариант най-много по-голямото от двете числа по-долу.
      </Typography>
      <Box sx={pairSx}>
        <NumberInput
          source="guestOrders.maxUnits"
          label="Бройки от вариант"
          fullWidth
          validate={fieldRule(guestOrderLimitsFields.maxUnits)}
        />
        <NumberInput
          source="guestOrders.maxStockPercent"
          label="% от наличността на варианта"
          fullWidth
          validate={fieldRule(guestOrderLimitsFields.maxStockPercent)}
        />
      </Box>
    </TabbedForm.Tab>
  );
}
