// The one date input of the panel: shows and takes dd.mm.yyyy (or dd.mm.yyyy чч:мм, or мм.гггг)
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
import {
  DATE_PLACEHOLDER,
  DATE_TIME_PLACEHOLDER,
  MONTH_PLACEHOLDER,
  formatBgDate,
  formatBgDateTime,
  formatBgMonth,
  parseBgDate,
  parseBgDateTime,
  parseBgMonth,
} from '@domain/dateInput';
import { FORM } from '@domain/messages';

export const DATE_INPUT_TEXT = { openCalendar: 'Избор от календар' } as const;

/** How each kind of field reads, shows and stores its value, and the native picker it opens. */
export type DateKind = 'date' | 'dateTime' | 'month';
interface Kind {
  read: (text: string) => string | null;
  show: (stored: string) => string;
  /** Is this a stored value (not text it could not read)? */
  stored: (value: string) => boolean;
  placeholder: string;
  error: string;
  picker: 'date' | 'datetime-local' | 'month';
  /** Stored value → the native picker's value, and back to the text a person would type. */
  toPicker: (stored: string) => string;
  fromPicker: (picked: string) => string;
  inputMode: 'numeric' | 'text';
  minWidth: number;
}
const KINDS: Record<DateKind, Kind> = {
  date: {
    read: parseBgDate,
    show: formatBgDate,
    stored: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && parseBgDate(v) !== null,
    placeholder: DATE_PLACEHOLDER,
    error: FORM.invalidDate,
    picker: 'date',
    toPicker: (v) => v,
    fromPicker: formatBgDate,
    inputMode: 'numeric',
    minWidth: 170,
  },
  dateTime: {
    read: parseBgDateTime,
    show: formatBgDateTime,
    stored: (v) => /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
    placeholder: DATE_TIME_PLACEHOLDER,
    error: FORM.invalidDateTime,
    picker: 'datetime-local',
    // The native picker speaks "YYYY-MM-DDTHH:mm", here Sofia's wall clock.
    toPicker: (v) => formatBgDateTime(v).replace(/^(\d\d)\.(\d\d)\.(\d{4}) /, '$3-$2-$1T'),
    fromPicker: (p) => `${formatBgDate(p.slice(0, 10))} ${p.slice(11, 16)}`,
    inputMode: 'text',
    minWidth: 220,
  },
  month: {
    read: parseBgMonth,
    show: formatBgMonth,
    stored: (v) => parseBgMonth(v) === v,
    placeholder: MONTH_PLACEHOLDER,
    error: FORM.invalidMonth,
    picker: 'month',
    toPicker: (v) => v,
    fromPicker: formatBgMonth,
    inputMode: 'numeric',
    minWidth: 150,
  },
};

function isStored(value: unknown, kind: DateKind): boolean {
  if (typeof value !== 'string') return value === null || value === undefined || value instanceof Date;
  return value === '' || KINDS[kind].stored(value);
}

/** Refuse text the field could not read (kept as typed so it can be corrected). */
const readable =
  (kind: DateKind): Validator =>
  (value: unknown) =>
    isStored(value, kind) ? undefined : KINDS[kind].error;
export const readableDate = readable('date');
export const readableDateTime = readable('dateTime');
export const readableMonth = readable('month');

const toText = (value: unknown, kind: DateKind): string => {
  if (value === null || value === undefined || value === '') return '';
  const iso = value instanceof Date ? value.toISOString() : String(value);
  return isStored(iso, kind) ? KINDS[kind].show(iso) : iso;
};

export interface BgDateFieldProps {
  /** What is stored ("YYYY-MM-DD", an ISO instant, "YYYY-MM"), null, or text that did not read. */
  value: unknown;
  /** The stored form of what was typed: the value, null when cleared, or the text itself when it does not read. */
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** date: dd.mm.yyyy (default); dateTime: dd.mm.yyyy чч:мм; month: мм.гггг. */
  kind?: DateKind;
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
  value,
  onChange,
  onBlur,
  kind = 'date',
  id,
  name,
  inputRef,
  label,
  error,
  helperText,
  fullWidth,
  size,
  variant,
  sx,
  className,
  disabled,
  readOnly,
}: BgDateFieldProps) {
  const k = KINDS[kind];
  const [text, setText] = useState(() => toText(value, kind));
  // What this field last handed out: any other value came from outside (a record loaded, a
  // filter reset) and replaces the text.
  const written = useRef<unknown>(value);
  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    setText(toText(value, kind));
  }, [value, kind]);

  const commit = (typed: string) => {
    setText(typed);
    const stored = typed.trim() === '' ? null : (k.read(typed) ?? typed);
    written.current = stored;
    onChange(stored);
  };
  const picker = useRef<HTMLInputElement>(null);
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = typeof value === 'string' && value && isStored(value, kind) ? k.toPicker(value) : '';
    try {
      input.showPicker?.();
    } catch {
      input.focus();
    }
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
        const stored = text.trim() === '' ? null : k.read(text);
        if (stored) setText(toText(stored, kind));
      }}
      label={label}
      placeholder={k.placeholder}
      error={error}
      helperText={helperText}
      fullWidth={fullWidth}
      size={size}
      variant={variant}
      // A list's filter form hides helper texts; a refused day must still say why.
      sx={[
        { minWidth: k.minWidth, '& .MuiFormHelperText-root.Mui-error': { display: 'block', maxWidth: 260 } },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
      className={className}
      disabled={disabled}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: k.inputMode, autoComplete: 'off', readOnly },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                aria-label={DATE_INPUT_TEXT.openCalendar}
                title={DATE_INPUT_TEXT.openCalendar}
                onClick={openPicker}
                edge="end"
                size="small"
                disabled={disabled || readOnly}
              >
                <EventIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type={k.picker}
                tabIndex={-1}
                aria-hidden="true"
                onChange={(e) => e.target.value && commit(k.fromPicker(e.target.value))}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                  pointerEvents: 'none',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A value a page keeps outside a form (the analysis range, a report's month), with the same Bulgarian error. */
export function useBgDateState(initial: string, kind: DateKind = 'date') {
  const [value, setValue] = useState<string | null>(initial);
  const filled = value !== null && value !== '';
  const valid = filled && isStored(value, kind);
  return { value, setValue, valid, error: filled && !valid ? KINDS[kind].error : undefined };
}

export interface BgDateInputProps {
  source: string;
  label?: string | false;
  /** date: dd.mm.yyyy (default, stored "YYYY-MM-DD"); dateTime: dd.mm.yyyy чч:мм (an ISO instant, Sofia's clock); month: мм.гггг ("YYYY-MM"). */
  kind?: DateKind;
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

/** The react-admin input: in forms and list filters, in place of DateInput / DateTimeInput. */
export function BgDateInput({ source, label, kind = 'date', validate, helperText, defaultValue, resource, ...field }: BgDateInputProps) {
  const validators = [readable(kind), ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  const {
    id,
    field: input,
    fieldState,
    formState,
    isRequired,
  } = useInput({
    source,
    resource,
    defaultValue,
    validate: validators,
    // The field keeps its own text; the form holds the stored value as it is.
    format: (v) => v,
    parse: (v) => v,
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
      kind={kind}
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

/** dd.mm.yyyy чч:мм. */
export function BgDateTimeInput(props: BgDateInputProps) {
  return <BgDateInput {...props} kind="dateTime" />;
}

/** мм.гггг. */
export function BgMonthInput(props: BgDateInputProps) {
  return <BgDateInput {...props} kind="month" />;
}
