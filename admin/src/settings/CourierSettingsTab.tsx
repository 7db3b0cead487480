// Настройки → Куриери: the sender on waybills (name, phone, the office the shop hands parcels in
// at, or its address), who carries address deliveries, and the weight of a parcel whose
// products have none. Credentials stay in the server's environment (README: Couriers).
import { NumberInput, SelectInput, TabbedForm, TextInput, maxValue, minValue } from 'react-admin';
import { Typography } from '@mui/material';
import { PARCEL_WEIGHT_MAX_KG, PARCEL_WEIGHT_MIN_KG } from '@domain/couriers';
import { courierSettingsFields } from '@domain/schemas/couriers';
import { fieldRule } from '../common/fieldRule';

export function CourierSettingsTab(props: Record<string, unknown>) {
  return (
    <TabbedForm.Tab label="Куриери" path="couriers" {...props}>
      <Typography variant="body2" color="text.secondary">
        Подател на товарителниците. Достъпът до API-тата на Еконт и Спиди се задава в средата на сървъра (ECONT_USER, SPEEDY_USER…).
      </Typography>
      <TextInput source="couriers.senderName" label="Подател (име или фирма)" fullWidth />
      <TextInput source="couriers.senderPhone" label="Телефон на подателя" validate={fieldRule(courierSettingsFields.senderPhone)} />
      <TextInput
        source="couriers.econtSenderOfficeCode"
        label="Офис на Еконт за предаване (код)"
        validate={fieldRule(courierSettingsFields.econtSenderOfficeCode)}
        helperText="Празно: куриерът взема пратките от адреса по-долу"
      />
      <TextInput
        source="couriers.speedySenderOfficeId"
        label="Офис на Спиди за предаване (номер)"
        validate={fieldRule(courierSettingsFields.speedySenderOfficeId)}
        helperText="Празно: от адреса по договора"
      />
      <TextInput source="couriers.senderCity" label="Град на подателя" />
      <TextInput
        source="couriers.senderPostcode"
        label="Пощенски код на подателя"
        validate={fieldRule(courierSettingsFields.senderPostcode)}
      />
      <TextInput source="couriers.senderAddress" label="Адрес на подателя" fullWidth />
      <SelectInput
        source="couriers.addressCourier"
        label="Куриер за доставки до адрес"
        choices={[
          { id: 'econt', name: 'Еконт' },
          { id: 'speedy', name: 'Спиди' },
        ]}
      />
      <NumberInput
        source="couriers.defaultWeightKg"
        label="Тегло на пратка по подразбиране (кг)"
        validate={[minValue(PARCEL_WEIGHT_MIN_KG), maxValue(PARCEL_WEIGHT_MAX_KG)]}
      />
      <NumberInput source="couriers.speedyServiceId" label="Услуга на Спиди (505: стандарт 24 часа)" validate={minValue(1)} />
    </TabbedForm.Tab>
  );
}
