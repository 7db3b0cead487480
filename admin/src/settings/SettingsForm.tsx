// The shop's single settings record (<Edit resource="settings" id={1}>) in tabs; the legal
// identity, the accessibility statement and the euro switch are cards of their own beside it.
import {
  BooleanInput,
  Edit,
  NumberInput,
  TabbedForm,
  SaveButton,
  TextInput,
  Toolbar,
  maxValue,
  minValue,
  required,
  useNotify,
  useTranslate,
} from 'react-admin';
import { errorMessage } from '../httpClient';
import { RETENTION_YEARS_MAX, RETENTION_YEARS_MIN } from '@domain/privacy';
import { MoneyInput } from '../common/MoneyInput';
import { CourierSettingsTab } from './CourierSettingsTab';
import { GuestOrderSettingsTab } from './GuestOrderSettingsTab';
import { SalesSettingsTab } from './SalesSettingsTab';
import { fieldRule } from '../common/fieldRule';
import { bankFields } from '@domain/schemas/settings';
import { StaleEditAlert, withStaleEdit } from '../layout/StaleEditAlert';

export function SettingsForm() {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Edit
      resource="settings"
      id={1}
      redirect={false}
      mutationMode="pessimistic"
      title="app.settings.title"
      actions={false}
      transform={
        ({ id: _id, updatedAt: _u, legal: _legal, invoices: _invoices, accessibility: _accessibility, ...rest }: any) =>
          rest /* legal, invoices: LegalIdentityCard; accessibility: AccessibilityCard */
      }
      mutationOptions={{
        onSuccess: () => notify('app.settings.saved', { type: 'success' }),
        onError: withStaleEdit((e: unknown) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' })),
      }}
    >
      <TabbedForm
        warnWhenUnsavedChanges
        toolbar={
          <>
            <StaleEditAlert />
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </>
        }
        sx={{ maxWidth: '60em' }}
      >
        <TabbedForm.Tab label="app.settings.general">
          <TextInput source="brand" />
          <BooleanInput source="dualCurrency" />
          <TextInput source="locale" />
          <NumberInput source="lowStockThreshold" validate={minValue(0)} />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="app.settings.contacts" path="contacts">
          <TextInput source="contacts.email" />
          <TextInput source="contacts.phone" />
          <TextInput source="contacts.address" fullWidth />
          <TextInput source="contacts.city" />
          <TextInput source="contacts.hours" />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="app.settings.shipping" path="shipping">
          <MoneyInput source="shippingFees.econt_office" validate={[required(), minValue(0)]} />
          <MoneyInput source="shippingFees.speedy_office" validate={[required(), minValue(0)]} />
          <MoneyInput source="shippingFees.address" validate={[required(), minValue(0)]} />
          <MoneyInput source="freeShippingThreshold" validate={minValue(0)} helperText="app.settings.freeShippingHelp" />
        </TabbedForm.Tab>
        <CourierSettingsTab />
        <GuestOrderSettingsTab />
        <SalesSettingsTab path="sales" />
        <TabbedForm.Tab label="app.settings.bank" path="bank">
          <TextInput source="bank.beneficiary" fullWidth />
          <TextInput source="bank.iban" validate={fieldRule(bankFields.iban)} fullWidth />
          <TextInput source="bank.bic" validate={fieldRule(bankFields.bic)} />
          <TextInput source="bank.bankName" fullWidth />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="app.settings.security" path="security">
          <BooleanInput source="twoFactorRequiredForAdmins" />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="app.privacy.settingsTab" path="privacy">
          <NumberInput
            source="privacy.retentionYears"
            label="app.privacy.retentionYears"
            helperText="app.privacy.retentionHelp"
            validate={[required(), minValue(RETENTION_YEARS_MIN), maxValue(RETENTION_YEARS_MAX)]}
          />
          <NumberInput
            source="privacy.contactRetentionYears"
            label="app.privacy.contactRetentionYears"
            validate={[required(), minValue(RETENTION_YEARS_MIN), maxValue(RETENTION_YEARS_MAX)]}
          />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}
