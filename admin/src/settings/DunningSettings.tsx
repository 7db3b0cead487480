// Settings → Продажби → „Напомняния за плащане“ (settings `sales.dunning`, domain/dunning): the
// days from the due date a reminder goes (negative: before it), from how many days overdue a
// company orders with prepayment only, and the two reminder texts with their placeholders. Saved
// with the settings form like the tab's other fields; the form refuses what the server would, and
// the server's refusals (`sales.dunning.*`) land on the same fields.
import { useEffect, useRef, useState } from 'react';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { NumberInput, TextInput, ValidationError, maxLength, maxValue, minValue, required, useInput } from 'react-admin';
import { DUNNING_DAY_MAX, DUNNING_DAY_MIN, DUNNING_REMINDERS_MAX, reminderDaysValid } from '@domain/dunning';
import { TEXT_MAX } from '@domain/limits';
import { DUNNING_SETTINGS_TEXT as T } from './dunningMessages';

const SOURCE = 'sales.dunning';

/** A day as typed: a whole number, or NaN (refused by the rule below, never sent). */
const dayOf = (text: string): number => (/^\s*-?\d{1,4}\s*$/.test(text) ? Number(text) : NaN);
const textsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map((d) => (Number.isFinite(d) ? String(d) : '')) : []);

/** The whole list, as the server checks it. */
const reminderDaysRule = (value: unknown) => (value === undefined || reminderDaysValid(value) ? undefined : T.daysInvalid);

/** What is wrong with one day of the list, if anything (the first of a repeated day is kept). */
function dayProblem(days: number[], index: number): string | undefined {
  const day = days[index];
  if (!Number.isInteger(day) || day < DUNNING_DAY_MIN || day > DUNNING_DAY_MAX) return T.dayNotWhole;
  if (days.indexOf(day) < index) return T.dayRepeated;
  return undefined;
}

/** The server's text for a field: react-hook-form keeps `…reminderDays.1` as an array's item. */
function messageOf(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** The reminder days: one whole-number field per reminder, added and removed by buttons. */
function ReminderDaysInput() {
  const { field, fieldState, formState } = useInput({ source: `${SOURCE}.reminderDays`, validate: reminderDaysRule });
  const [texts, setTexts] = useState<string[]>(() => textsOf(field.value));
  // What this list last handed to the form: any other value came from outside (loaded, reset after a save).
  const written = useRef<unknown>(field.value);
  useEffect(() => {
    if (field.value === written.current) return;
    written.current = field.value;
    setTexts(textsOf(field.value));
  }, [field.value]);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    (inputs.current[focusAt] ?? addButton.current)?.focus();
    setFocusAt(null);
  }, [focusAt]);

  const write = (next: string[]) => {
    setTexts(next);
    const days = next.map(dayOf);
    written.current = days;
    field.onChange(days);
  };
  const days = texts.map(dayOf);
  const shown = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const serverItems = Array.isArray(fieldState.error) ? (fieldState.error as unknown[]) : [];
  const itemError = (i: number) => (shown ? (messageOf(serverItems[i]) ?? dayProblem(days, i)) : undefined);
  const anyItemError = texts.some((_, i) => itemError(i));
  const listError = shown && !anyItemError ? messageOf(fieldState.error) : undefined;
  const firstInvalid = texts.findIndex((_, i) => itemError(i));
  const full = texts.length >= DUNNING_REMINDERS_MAX;

  return (
    <Box
      component="fieldset"
      aria-describedby={['dunning-days-hint', listError ? 'dunning-days-error' : ''].filter(Boolean).join(' ')}
      sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
        {T.daysLegend}
      </Typography>
      <Typography id="dunning-days-hint" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.daysHint}
      </Typography>
      {texts.length === 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {T.noDays}
        </Typography>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {texts.map((text, i) => (
          <Box component="li" key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              id={`dunning-day-${i}`}
              type="number"
              size="small"
              label={T.dayLabel(i + 1)}
              value={text}
              onChange={(e) => write(texts.map((t, n) => (n === i ? e.target.value : t)))}
              onBlur={field.onBlur}
              error={Boolean(itemError(i))}
              helperText={itemError(i)}
              inputRef={(el: HTMLInputElement | null) => {
                inputs.current[i] = el;
                // The form focuses its first invalid field after a refused save.
                if (i === (firstInvalid >= 0 ? firstInvalid : 0)) field.ref(el);
              }}
              slotProps={{ htmlInput: { step: 1, min: DUNNING_DAY_MIN, max: DUNNING_DAY_MAX } }}
              sx={{ width: 260, maxWidth: 'calc(100% - 48px)' }}
            />
            <IconButton
              aria-label={T.removeDay(i + 1)}
              onClick={() => {
                write(texts.filter((_, n) => n !== i));
                // Focus to the reminder now in this place, else the one before it, else „Добави“.
                setFocusAt(i < texts.length - 1 ? i : i > 0 ? i - 1 : -1);
              }}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
      </Stack>
      {listError && (
        <FormHelperText id="dunning-days-error" error>
          <ValidationError error={listError} />
        </FormHelperText>
      )}
      <Button
        ref={addButton}
        startIcon={<AddIcon />}
        size="small"
        sx={{ mt: 1 }}
        disabled={full}
        onClick={() => {
          write([...texts, '']);
          setFocusAt(texts.length);
        }}
      >
        {T.addDay}
      </Button>
    </Box>
  );
}

const wholeDays = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isInteger(value) ? undefined : T.wholeDays;

export function DunningSettings() {
  return (
    <Box component="section" aria-labelledby="dunning-title" sx={{ mt: 4, maxWidth: '44em', width: '100%' }}>
      <Typography id="dunning-title" component="h2" variant="h6">
        {T.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {T.intro}
      </Typography>
      <ReminderDaysInput />
      <NumberInput
        source={`${SOURCE}.prepaymentOnlyAfterDays`}
        label={T.prepaymentOnlyAfterDays}
        helperText={T.prepaymentOnlyAfterDaysHelp}
        validate={[required(), minValue(0), maxValue(DUNNING_DAY_MAX), wholeDays]}
        step={1}
        min={0}
        max={DUNNING_DAY_MAX}
        sx={{ mt: 3, width: 360, maxWidth: '100%' }}
      />
      <TextInput
        source={`${SOURCE}.beforeText`}
        label={T.beforeText}
        helperText={T.placeholders}
        validate={[required(), maxLength(TEXT_MAX)]}
        multiline
        minRows={6}
        fullWidth
      />
      <TextInput
        source={`${SOURCE}.afterText`}
        label={T.afterText}
        helperText={T.placeholders}
        validate={[required(), maxLength(TEXT_MAX)]}
        multiline
        minRows={6}
        fullWidth
      />
    </Box>
  );
}
