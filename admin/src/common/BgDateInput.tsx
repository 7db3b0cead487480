// The one date input of the panel: shows and takes dd.mm.yyyy (with `withTime`, dd.mm.yyyy чч:мм)
// whatever the browser's language. A native date input shows the browser's own format
// (mm/dd/yyyy in an English browser) and lets impossible days slip through; this is a text field
// that reads the Bulgarian form (domain/dateInput), stores what the API expects ("YYYY-MM-DD", or
// an ISO instant with time, Sofia's wall clock) and refuses an impossible day in Bulgarian. The
// calendar button opens the browser's own picker on a hidden native input, for those who prefer
// to click; typing stays the main way in (and the way for keyboards and screen readers).
import { IconButton, InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { FieldTitle, useInput, ValidationError, type Validator } from 'react-admin';
import { DATE_PLACEHOLDER, DATE_TIME_PLACEHOLDER, formatBgDate, formatBgDateTime, parseBgDate, parseBgDateTime } from '../../../domain/dateInput';
import { FORM } from '../../../domain/messages';

export const DATE_INPUT_TEXT = { openCalendar: 'Избор от календар' } as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Is this what the input stores (not text it could not read)? */
function isStored(value: unknown, withTime: boolean): boolean {
  if (typeof value !== 'string') return value === null || value === undefined || value instanceof Date;
  if (value === '') return true;
  return withTime ? /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)) : ISO_DAY.test(value) && parseBgDate(value) !== null;
}

/** Refuses text the input could not read as a real day (kept as typed so it can be corrected). */
export const readableDate: Validator = (value: unknown) => (isStored(value, false) ? undefined : FORM.invalidDate);
export const readableDateTime: Validator = (value: unknown) => (isStored(value, true) ? undefined : FORM.invalidDateTime);

const toText = (value: unknown, withTime: boolean): string => {
  if (value === null || value === undefined || value === '') return '';
  const iso = value instanceof Date ? value.toISOString() : String(value);
  if (!isStored(iso, withTime)) return iso;
  return withTime ? formatBgDateTime(iso) : formatBgDate(iso);
};

export interface BgDateFieldProps {
  /** What is stored: "YYYY-MM-DD" (or an ISO instant withTime), null, or text that did not read. */
  value: unknown;
  /** The stored form of what was typed: the day, null when cleared, or the text itself when it is no real day. */
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  withTime?: boolean;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  label?: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  variant?: 'filled' | 'outlined' | 'standard';
  sx?: SxProps<Theme>;
  className?: string;
  disabled?: boolean;
  readOnly?: boolean;
}

/** The text field itself, controlled: for forms (BgDateInput below) and for pages without one. */
export function BgDateField({
  value, onChange, onBlur, withTime = false, id, name, inputRef, label, error, helperText, fullWidth, size, variant, sx, className, disabled, readOnly,
}: BgDateFieldProps) {
  const read = withTime ? parseBgDateTime : parseBgDate;
  const [text, setText] = useState(() => toText(value, withTime));
  // What this field last handed out: any other value came from outside (a record loaded, a
  // filter reset) and replaces the text.
  const written = useRef<unknown>(value);
  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    setText(toText(value, withTime));
  }, [value, withTime]);

  const commit = (typed: string) => {
    setText(typed);
    const stored = typed.trim() === '' ? null : read(typed) ?? typed;
    written.current = stored;
    onChange(stored);
  };
  const picker = useRef<HTMLInputElement>(null);
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    const shown = isStored(value, withTime) ? toText(value, withTime) : '';
    // The native picker speaks "YYYY-MM-DD" / "YYYY-MM-DDTHH:mm" (Sofia's wall clock here).
    input.value = shown.replace(/^(\d\d)\.(\d\d)\.(\d{4})/, '$3-$2-$1').replace(' ', 'T');
    try {
      input.showPicker?.();
    } catch {
      input.focus();
    }
  };
  const picked = (chosen: string) => {
    if (!chosen) return;
    commit(withTime ? `${formatBgDate(chosen.slice(0, 10))} ${chosen.slice(11, 16)}` : formatBgDate(chosen));
  };

  return (
    <TextField
      id={id}
      name={name}
      inputRef={inputRef}
      value={text}
      onChange={(e) => commit(e.target.value)}
      onBlur={() => {
        onBlur?.();
        // "1.2.2026" reads as 01.02.2026: show it so.
        const stored = text.trim() === '' ? null : read(text);
        if (stored) setText(toText(stored, withTime));
      }}
      label={label}
      placeholder={withTime ? DATE_TIME_PLACEHOLDER : DATE_PLACEHOLDER}
      error={error}
      helperText={helperText}
      fullWidth={fullWidth}
      size={size}
      variant={variant}
      // A list's filter form hides helper texts; a refused day must still say why.
      sx={[{ minWidth: withTime ? 220 : 170, '& .MuiFormHelperText-root.Mui-error': { display: 'block', maxWidth: 260 } }, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}
      className={className}
      disabled={disabled}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: withTime ? 'text' : 'numeric', autoComplete: 'off', readOnly },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton aria-label={DATE_INPUT_TEXT.openCalendar} title={DATE_INPUT_TEXT.openCalendar} onClick={openPicker} edge="end" size="small" disabled={disabled || readOnly}>
                <EventIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type={withTime ? 'datetime-local' : 'date'}
                tabIndex={-1}
                aria-hidden="true"
                onChange={(e) => picked(e.target.value)}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The day (or day and time) a page keeps outside a form, with the same Bulgarian error. */
export function useBgDateState(initial: string, withTime = false) {
  const [value, setValue] = useState<string | null>(initial);
  const valid = isStored(value, withTime) && value !== null && value !== '';
  return { value, setValue, valid, error: value !== null && value !== '' && !isStored(value, withTime) ? (withTime ? FORM.invalidDateTime : FORM.invalidDate) : undefined };
}

export interface BgDateInputProps {
  source: string;
  label?: string | false;
  /** dd.mm.yyyy чч:мм, stored as an ISO instant (the shop's time zone). */
  withTime?: boolean;
  validate?: Validator | Validator[];
  helperText?: ReactNode | false;
  defaultValue?: unknown;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  resource?: string;
  className?: string;
  disabled?: boolean;
  readOnly?: boolean;
  variant?: 'filled' | 'outlined' | 'standard';
  // react-admin's filter form adds alwaysOn, margin, record…: not for the DOM.
  [rest: string]: unknown;
}

/** The react-admin input: in forms and list filters, like DateInput / DateTimeInput. */
export function BgDateInput({ source, label, withTime = false, validate, helperText, defaultValue, resource, ...field }: BgDateInputProps) {
  const validators = [withTime ? readableDateTime : readableDate, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  const { id, field: input, fieldState, formState, isRequired } = useInput({
    source, resource, defaultValue, validate: validators,
    // The field keeps its own text; the form holds the stored value as it is.
    format: (v) => v, parse: (v) => v,
  });
  const showError = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  // react-admin wraps its validators' messages; its ValidationError reads and translates them.
  const errorText = fieldState.error?.message ? <ValidationError error={fieldState.error.message} /> : undefined;
  return (
    <BgDateField
      id={id}
      name={input.name}
      inputRef={input.ref}
      value={input.value}
      onChange={input.onChange}
      onBlur={input.onBlur}
      withTime={withTime}
      label={label === false ? undefined : <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
      error={showError}
      helperText={showError ? errorText : helperText === false ? undefined : helperText}
      fullWidth={field.fullWidth as boolean | undefined}
      size={field.size as 'small' | 'medium' | undefined}
      variant={field.variant as 'outlined' | undefined}
      sx={field.sx as SxProps<Theme> | undefined}
      className={field.className as string | undefined}
      disabled={field.disabled as boolean | undefined}
      readOnly={field.readOnly as boolean | undefined}
    />
  );
}

/** The same with a time: dd.mm.yyyy чч:мм. */
export function BgDateTimeInput(props: BgDateInputProps) {
  return <BgDateInput {...props} withTime />;
}
