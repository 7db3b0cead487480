// Настройки → Продажби: the sales mode within the tobacco law. Explains both modes with
// the text of чл. 31а ЗТТСТИ, the choice of what consumers see of regulated products in
// `trade_only`, and the trade minimum order (net). Choosing the other mode asks for confirmation
// first (it changes what every visitor may see and buy once saved); the server keeps the one
// policy (catalogue/visibility) and drops the shop's cached pages when the settings are saved.
// Below: the payment reminders and when an overdue company orders with prepayment only.
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { TabbedForm, minValue, useInput, useTranslate } from 'react-admin';
import { CONSUMER_CATALOGUES, SALES_MODES, type SalesMode } from '@domain/trade';
import { ART_31A_QUOTE, SALES_SETTINGS_TEXT as T } from '@domain/salesModeTexts';
import { MoneyInput } from '../common/MoneyInput';
import { DunningSettings } from './DunningSettings';

/** One radio group whose choices each carry their explanation, tied to it for screen readers. */
function ChoiceGroup<V extends string>({
  id,
  label,
  value,
  values,
  texts,
  onChoose,
}: {
  id: string;
  label: string;
  value: V;
  values: readonly V[];
  texts: Record<V, { label: string; help: string }>;
  onChoose(v: V): void;
}) {
  return (
    <FormControl component="fieldset" sx={{ mt: 2, maxWidth: '44em' }}>
      <FormLabel component="legend" id={`${id}-label`} sx={{ fontWeight: 700 }}>
        {label}
      </FormLabel>
      <RadioGroup name={id} aria-labelledby={`${id}-label`} value={value} onChange={(e) => onChoose(e.target.value as V)}>
        {values.map((v) => (
          <Box key={v} sx={{ mb: 1 }}>
            <FormControlLabel
              value={v}
              control={<Radio slotProps={{ input: { 'aria-describedby': `${id}-${v}-help` } as object }} />}
              label={texts[v].label}
            />
            <Typography id={`${id}-${v}-help`} variant="body2" color="text.secondary" sx={{ ml: 4 }}>
              {texts[v].help}
            </Typography>
          </Box>
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The mode: a change waits for the staff member's confirmation before it is put in the form. */
function SalesModeInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'sales.mode', defaultValue: 'all' });
  const [asking, setAsking] = useState<SalesMode | null>(null);
  const mode = (field.value ?? 'all') as SalesMode;
  return (
    <>
      <ChoiceGroup
        id="sales-mode"
        label={T.modeLabel}
        value={mode}
        values={SALES_MODES}
        texts={T.modes}
        onChoose={(v) => v !== mode && setAsking(v)}
      />
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="sales-mode-confirm-title">
        <DialogTitle id="sales-mode-confirm-title">{asking === 'trade_only' ? T.confirmTradeOnlyTitle : T.confirmAllTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{asking === 'trade_only' ? T.confirmTradeOnly : T.confirmAll}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            color="warning"
            onClick={() => {
              field.onChange(asking);
              setAsking(null);
            }}
          >
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      {mode === 'trade_only' ? null : (
        <Alert severity="warning" sx={{ mt: 1, maxWidth: '44em' }}>
          {T.allModeWarning}
        </Alert>
      )}
    </>
  );
}

function ConsumerCatalogueInput() {
  const { field } = useInput({ source: 'sales.consumerCatalogue', defaultValue: 'info' });
  return (
    <ChoiceGroup
      id="sales-catalogue"
      label={T.catalogueLabel}
      value={field.value ?? 'info'}
      values={CONSUMER_CATALOGUES}
      texts={T.catalogues}
      onChoose={(v) => field.onChange(v)}
    />
  );
}

export function SalesSettingsTab(props: Record<string, unknown>) {
  return (
    <TabbedForm.Tab label={T.tab} path="sales" {...props}>
      <Typography variant="body2" sx={{ maxWidth: '44em' }}>
        {T.intro}
      </Typography>
      <Box component="figure" sx={{ m: 0, mt: 1, pl: 2, borderLeft: 4, borderColor: 'primary.main', maxWidth: '44em' }}>
        <Typography component="blockquote" sx={{ m: 0, fontStyle: 'italic' }}>
          „{ART_31A_QUOTE}“
        </Typography>
        <Typography component="figcaption" variant="caption" color="text.secondary">
          {T.lawTitle}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '44em', mt: 1 }}>
        {T.enforcement}
      </Typography>
      <SalesModeInput />
      <ConsumerCatalogueInput />
      <Typography variant="caption" color="text.secondary">
        {T.catalogueOnlyInTradeOnly}
      </Typography>
      <MoneyInput
        source="sales.tradeMinimumOrder"
        label={T.minimumLabel}
        helperText={T.minimumHelp}
        validate={minValue(0)}
        sx={{ mt: 2 }}
      />
      <DunningSettings />
    </TabbedForm.Tab>
  );
}
