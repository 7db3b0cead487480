// „Търговци“: the businesses that applied to buy for resale. Staff approve, reject or
// suspend them, set their terms (price list, payment terms, credit limit), members and shops.
import { useState } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Confirm,
  Datagrid,
  Edit,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  email as emailRule,
  minValue,
  required,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
  useDataProvider,
} from 'react-admin';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List as MuiList,
  ListItem,
  ListItemText,
  MenuItem,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { COMPANY_STATUSES, PAYMENT_TERMS_DAYS, PERMIT_STANDINGS, type CompanyStatus } from '@domain/trade';
import { isValidEik, normaliseTaxNumber } from '@domain/bulstat';
import { TRADE } from '@domain/tradeTexts';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { DateOnlyField, RecordLinkField, useIsSmall } from '../common/fields';
import { BgDateInput } from '../common/BgDateInput';
import { fieldRule } from '../common/fieldRule';
import { companyChangeInput } from '@domain/schemas/trade';
import { formatBgDate } from '@domain/dateInput';
import { shopDay } from '@domain/dates';
import { permitStanding } from '@domain/trade';
import { PermitChip } from './PermitChip';
import { MoneyInput } from '../common/MoneyInput';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { StaleEditAlert, withStaleEdit, withVersion } from '../layout/StaleEditAlert';
import { CompanyStatement } from './CompanyStatement';
import { MEMBER_ROLES, type CompanyInvitationView, type CompanyMemberView, type MemberRole } from '@domain/companyMembers';
import { formatMoney } from '@domain/money';
import { useShopMoney } from '../common/shopCurrency';
import { useFormContext, useWatch } from 'react-hook-form';

const STATUS_COLORS: Record<CompanyStatus, 'default' | 'success' | 'warning' | 'error'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'default',
  suspended: 'error',
};

function CompanyStatusChip({ status }: { status?: CompanyStatus }) {
  const translate = useTranslate();
  if (!status) return null;
  return <Chip size="small" color={STATUS_COLORS[status]} label={translate(`app.companies.status.${status}`)} />;
}

function useTermsLabel() {
  const translate = useTranslate();
  return (r: { paymentTermsDays?: number }) =>
    translate(`app.companies.terms.${r.paymentTermsDays ?? 0}`, { _: `${r.paymentTermsDays} дни` });
}

const statusChoices = (translate: (k: string) => string) =>
  COMPANY_STATUSES.map((s) => ({ id: s, name: translate(`app.companies.status.${s}`) }));
const permitChoices = (translate: (k: string) => string) =>
  PERMIT_STANDINGS.map((s) => ({ id: s, name: translate(`app.companies.permit.filter.${s}`) }));

/** The list's line for a permit: "Изтича на 15.12.2026" once it matters, else its date. */
function permitLine(translate: (k: string, o?: object) => string, expiresAt: string | null | undefined): string {
  const standing = permitStanding(expiresAt, shopDay(new Date()));
  return translate(`app.companies.permit.${standing}`, { date: formatBgDate(expiresAt) });
}

export function CompanyList() {
  const isSmall = useIsSmall();
  const translate = useTranslate();
  const terms = useTermsLabel();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="s" source="status" choices={statusChoices(translate)} alwaysOn />,
    <SelectInput key="p" source="permit" choices={permitChoices(translate)} />,
  ];
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} exporter={false}>
      {isSmall ? (
        <SimpleList
          primaryText={(r: any) => r.name}
          secondaryText={(r: any) =>
            `${r.eik} · ${r.city} · ${translate(`app.companies.status.${r.status}`)} · ${permitLine(translate, r.tobaccoPermitExpiresAt)}`
          }
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <RecordLinkField source="name" />
          <TextField source="eik" />
          <TextField source="city" />
          <FunctionField source="status" render={(r: any) => <CompanyStatusChip status={r.status} />} />
          <FunctionField source="paymentTermsDays" sortable={false} render={(r: any) => terms(r)} />
          <FunctionField source="tobaccoPermitExpiresAt" render={(r: any) => <PermitChip expiresAt={r.tobaccoPermitExpiresAt} />} />
          <DateOnlyField source="createdAt" />
        </Datagrid>
      )}
    </List>
  );
}

/** Approve / reject (with a reason) / suspend (confirmed, with a reason): the server's one write path. */
export function DecisionButtons() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [asking, setAsking] = useState<null | 'reject' | 'suspend'>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  if (!record) return null;
  const status = record.status as CompanyStatus;
  const run = async (decision: 'approve' | 'reject' | 'suspend', why = '') => {
    try {
      await dataProvider.decideCompany(record.id, decision, why);
      notify(`app.companies.${decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'suspended'}`, {
        type: 'success',
      });
      setAsking(null);
      setReason('');
      setTouched(false);
      refresh();
    } catch (e) {
      notify(errorMessage(e, translate('app.companies.failed')), { type: 'error' });
    }
  };
  const missing = asking === 'reject' && !reason.trim();
  return (
    <TopToolbar>
      {status !== 'approved' && (
        <Button variant="contained" color="success" onClick={() => void run('approve')}>
          {translate('app.companies.approve')}
        </Button>
      )}
      {status === 'pending' && (
        <Button variant="outlined" color="error" onClick={() => setAsking('reject')}>
          {translate('app.companies.reject')}
        </Button>
      )}
      {status === 'approved' && (
        <Button variant="outlined" color="error" onClick={() => setAsking('suspend')}>
          {translate('app.companies.suspend')}
        </Button>
      )}
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="company-decision-title">
        <DialogTitle id="company-decision-title">
          {translate(asking === 'reject' ? 'app.companies.rejectTitle' : 'app.companies.suspendTitle')}
        </DialogTitle>
        <DialogContent>
          {asking === 'suspend' && <Typography sx={{ mb: 2 }}>{translate('app.companies.suspendContent')}</Typography>}
          <MuiTextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={translate('app.companies.reason')}
            required={asking === 'reject'}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing}
            helperText={touched && missing ? translate('app.companies.reasonRequired') : ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setTouched(true);
              if (!missing && asking) void run(asking, reason.trim());
            }}
          >
            {translate(asking === 'reject' ? 'app.companies.reject' : 'app.companies.suspend')}
          </Button>
        </DialogActions>
      </Dialog>
    </TopToolbar>
  );
}

/** A member's role and order limit, fields of the company's form (`members.<index>`); an owner
 *  decides every order, so only a buyer's limit is asked. */
function MemberTerms({ index }: { index: number }) {
  const translate = useTranslate();
  const role = useWatch({ name: `members.${index}.role` });
  const choices = MEMBER_ROLES.map((r) => ({ id: r, name: translate(`app.companies.memberRoles.${r}`) }));
  return (
    <Box sx={{ display: 'flex', columnGap: 2, flexWrap: 'wrap', flex: '2 1 20em', alignItems: 'flex-start' }}>
      <SelectInput
        source={`members.${index}.role`}
        label="app.companies.memberRole"
        choices={choices}
        helperText={false}
        fullWidth={false}
        sx={{ flex: '1 1 10em' }}
      />
      {role !== 'owner' && (
        <MoneyInput
          source={`members.${index}.orderLimit`}
          label="app.companies.memberLimit"
          validate={minValue(0)}
          helperText={translate('app.companies.memberLimitHelp')}
          fullWidth={false}
          sx={{ flex: '1 1 12em' }}
        />
      )}
    </Box>
  );
}

/** The invitations still open (an address staff named with no account yet, or one an owner
 *  invited), read only, as the owners see them: the address, role, limit and last day. */
function OpenInvitations({ invitations }: { invitations: CompanyInvitationView[] }) {
  const translate = useTranslate();
  const { currency } = useShopMoney();
  return (
    <>
      <Typography id="company-invitations" variant="subtitle1" component="h3">
        {translate('app.companies.invitationsTitle')}
      </Typography>
      <MuiList dense aria-labelledby="company-invitations">
        {invitations.map((i) => (
          <ListItem key={i.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <ListItemText
              primary={i.email}
              secondary={[
                translate(`app.companies.memberRoles.${i.role}`),
                i.orderLimit === null ? translate('app.companies.noLimit') : formatMoney(i.orderLimit, currency),
                translate('app.companies.invitationExpires', { date: formatBgDate(i.expiresAt) }),
              ].join(' · ')}
              sx={{ overflowWrap: 'anywhere' }}
            />
          </ListItem>
        ))}
      </MuiList>
    </>
  );
}

/** Members: customer accounts that buy for the company, each an owner or a buyer with an order
 *  limit; added by e-mail (an address with no account is invited), removed with a confirmation;
 *  then the invitations still open. */
export function Members() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [email, setEmail] = useState('');
  // The new member's terms: an owner (no limit), or a buyer with an optional order limit.
  const [role, setRole] = useState<MemberRole>('owner');
  const [orderLimit, setOrderLimit] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<null | { id: number; email: string }>(null);
  const inForm = useFormContext() !== null;
  if (!record) return null;
  const members = (record.members ?? []) as CompanyMemberView[];
  const invitations = (record.invitations ?? []) as CompanyInvitationView[];
  const add = async () => {
    setFieldErrors({});
    try {
      const terms = role === 'buyer' ? { role, orderLimit: orderLimit.trim() || null } : { role };
      const { invited } = await dataProvider.addCompanyMember(record.id, email.trim(), terms);
      notify(invited ? 'app.companies.memberInvited' : 'app.companies.memberAdded', {
        type: 'success',
        messageArgs: { email: email.trim() },
      });
      setEmail('');
      setOrderLimit('');
      refresh();
    } catch (e) {
      // A refusal of one field is shown at that field too.
      setFieldErrors((e as { body?: { errors?: Record<string, string> } }).body?.errors ?? {});
      notify(errorMessage(e, translate('app.companies.failed')), { type: 'error' });
    }
  };
  const submitOnEnter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void add();
    }
  };
  const remove = async () => {
    if (!removing) return;
    try {
      await dataProvider.removeCompanyMember(record.id, removing.id);
      notify('app.companies.memberRemoved', { type: 'success' });
      refresh();
    } catch (e) {
      notify(errorMessage(e, translate('app.companies.failed')), { type: 'error' });
    }
    setRemoving(null);
  };
  return (
    <Box component="section" aria-labelledby="company-members" sx={{ width: '100%', mb: 2 }}>
      <Typography id="company-members" variant="h6">
        {translate('app.companies.sections.members')}
      </Typography>
      {members.length === 0 ? (
        <Typography color="text.secondary">{translate('app.companies.noMembers')}</Typography>
      ) : (
        <MuiList dense>
          {members.map((m, i) => {
            const name = [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;
            return (
              <ListItem key={m.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
                {/* A list item holds the member's fields as one named group (a list may hold only items). */}
                <Box
                  role="group"
                  aria-label={name}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', width: '100%' }}
                >
                  <ListItemText primary={name} secondary={m.email} sx={{ flex: '1 1 14em', minWidth: 0, overflowWrap: 'anywhere' }} />
                  {/* On the company's form the role and limit are saved with it; shown alone, a list. */}
                  {inForm && <MemberTerms index={i} />}
                  <Button color="error" onClick={() => setRemoving({ id: m.id, email: m.email })} sx={{ mt: 1 }}>
                    {translate('app.companies.removeMember')}
                  </Button>
                </Box>
              </ListItem>
            );
          })}
        </MuiList>
      )}
      {invitations.length > 0 && <OpenInvitations invitations={invitations} />}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <MuiTextField
          size="small"
          type="email"
          label={translate('app.companies.memberEmail')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onKeyDown={submitOnEnter}
          error={!!fieldErrors.email}
          helperText={fieldErrors.email}
        />
        <MuiTextField
          select
          size="small"
          label={translate('app.companies.memberRole')}
          value={role}
          onChange={(e) => setRole(e.target.value as MemberRole)}
          sx={{ minWidth: '10em' }}
        >
          {MEMBER_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {translate(`app.companies.memberRoles.${r}`)}
            </MenuItem>
          ))}
        </MuiTextField>
        {role === 'buyer' && (
          <MuiTextField
            size="small"
            label={translate('app.companies.memberLimit')}
            value={orderLimit}
            inputProps={{ inputMode: 'decimal' }}
            onChange={(e) => setOrderLimit(e.target.value)}
            onKeyDown={submitOnEnter}
            error={!!fieldErrors.orderLimit}
            helperText={fieldErrors.orderLimit || translate('app.companies.memberLimitHelp')}
          />
        )}
        <Button variant="outlined" disabled={!email.trim()} onClick={() => void add()} sx={{ mt: 0.5 }}>
          {translate('app.companies.addMember')}
        </Button>
      </Box>
      <Confirm
        isOpen={removing !== null}
        title="app.companies.removeTitle"
        content="app.companies.removeContent"
        translateOptions={{ email: removing?.email ?? '' }}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}

const eikRule = (value: unknown) => (value && !isValidEik(normaliseTaxNumber(String(value))) ? TRADE.eikInvalid : undefined);

const CompanyTitle = () => {
  const record = useRecordContext();
  return <span>{record ? `${record.name} (${record.eik})` : ''}</span>;
};

/** What the form saves: the data, the contact, the terms, the shops and the members' roles and limits
 *  (decisions, adding and removing a member have their own calls). */
const clean = (r: RaRecord) => ({
  name: r.name,
  eik: r.eik,
  vatNumber: r.vatNumber ?? '',
  address: r.address,
  city: r.city,
  mol: r.mol,
  tobaccoPermit: r.tobaccoPermit,
  tobaccoPermitOffice: r.tobaccoPermitOffice ?? '',
  tobaccoPermitExpiresAt: r.tobaccoPermitExpiresAt || null,
  contact: r.contact,
  priceListId: r.priceListId || null,
  paymentTermsDays: Number(r.paymentTermsDays ?? 0),
  creditLimit: r.creditLimit === '' || r.creditLimit === undefined ? null : r.creditLimit,
  requirePurchaseOrderNumber: Boolean(r.requirePurchaseOrderNumber),
  // The whole list of members, each with its role and limit (an emptied limit: none; one the
  // record did not carry is left out, and the member keeps theirs).
  members: (r.members ?? []).map((m: any) => ({
    id: m.id,
    email: m.email,
    ...(m.role ? { role: m.role } : {}),
    ...(m.orderLimit === undefined ? {} : { orderLimit: m.orderLimit === '' ? null : m.orderLimit }),
  })),
  // A kept shop goes back with its id: it stays the same shop (orders delivered to it point at it).
  shops: (r.shops ?? []).map((s: any) => ({
    ...(typeof s.id === 'number' ? { id: s.id } : {}),
    name: s.name,
    city: s.city,
    address: s.address,
    phone: s.phone ?? '',
    listed: Boolean(s.listed),
  })),
});

export function CompanyEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const termsChoices = PAYMENT_TERMS_DAYS.map((d) => ({ id: d, name: translate(`app.companies.terms.${d}`) }));
  return (
    <Edit
      title={<CompanyTitle />}
      actions={<DecisionButtons />}
      mutationMode="pessimistic"
      transform={withVersion(clean)}
      mutationOptions={{
        onError: withStaleEdit((e: unknown) => notify(errorMessage(e, translate('app.companies.failed')), { type: 'error' })),
      }}
    >
      <SimpleForm warnWhenUnsavedChanges sx={{ maxWidth: '56em' }}>
        <StaleEditAlert />
        <FunctionField
          render={(r: any) => (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <CompanyStatusChip status={r.status} />
              <PermitChip expiresAt={r.tobaccoPermitExpiresAt} quiet />
            </Box>
          )}
        />
        <FunctionField
          render={(r: any) =>
            r.statusReason ? <Typography>{`${translate('app.companies.reason')}: ${r.statusReason}`}</Typography> : null
          }
        />
        <Typography variant="h6">{translate('app.companies.sections.data')}</Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextInput source="name" validate={required()} />
          <TextInput source="eik" validate={[required(), eikRule]} />
          <TextInput source="vatNumber" />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextInput source="address" validate={required()} />
          <TextInput source="city" validate={required()} />
          <TextInput source="mol" validate={required()} />
          <TextInput source="tobaccoPermit" validate={required()} />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextInput source="tobaccoPermitOffice" validate={fieldRule(companyChangeInput.shape.tobaccoPermitOffice)} />
          <BgDateInput source="tobaccoPermitExpiresAt" helperText={translate('app.companies.permit.expiresHelp')} sx={{ maxWidth: 420 }} />
        </Box>
        <Typography variant="h6">{translate('app.companies.sections.contact')}</Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextInput source="contact.firstName" />
          <TextInput source="contact.lastName" />
          <TextInput source="contact.email" validate={emailRule()} />
          <TextInput source="contact.phone" />
        </Box>
        <Typography variant="h6">{translate('app.companies.sections.terms')}</Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <ReferenceInput source="priceListId" reference="price-lists" sort={{ field: 'name', order: 'ASC' }} perPage={200}>
            <SelectInput optionText="name" emptyText="—" />
          </ReferenceInput>
          <SelectInput source="paymentTermsDays" choices={termsChoices} validate={required()} />
          <MoneyInput source="creditLimit" validate={minValue(0)} helperText={translate('app.companies.noLimit')} />
        </Box>
        <BooleanInput source="requirePurchaseOrderNumber" helperText={TRADE_ORDER_TEXT.purchaseOrderStaffHint} />
        <Members />
        <ArrayInput source="shops">
          <SimpleFormIterator inline>
            <TextInput source="name" validate={required()} />
            <TextInput source="city" validate={required()} />
            <TextInput source="address" validate={required()} />
            <TextInput source="phone" />
            <BooleanInput source="listed" defaultValue={true} />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
      <CompanyStatement />
    </Edit>
  );
}
