// A save made from a copy someone else changed since it was opened: the server refuses it (409
// with `conflict`: who, when, the version now). The form says so in place, not in a passing toast,
// and offers „Презареди“: the record is read again and what the person typed is put back over it,
// so they can look at the other change and save again on top of it.
import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { Alert, AlertTitle, Button } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { EditContext, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';

export interface StaleEditConflict {
  changedBy: string;
  changedAt: string | null;
  version: number;
}

interface Refusal {
  id: unknown;
  message: string;
  conflict: StaleEditConflict;
}

// One edit form is open at a time: the refusal it got is kept here until reloaded or left.
let current: Refusal | null = null;
const listeners = new Set<() => void>();
function publish(next: Refusal | null) {
  current = next;
  for (const l of listeners) l();
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The stale-copy refusal in a save's error, if it is one. */
export function staleEditOf(error: unknown): { message: string; conflict: StaleEditConflict } | null {
  const e = error as { status?: number; body?: { message?: unknown; conflict?: StaleEditConflict } } | null;
  if (!e || e.status !== 409 || !e.body?.conflict) return null;
  return { message: String(e.body.message ?? ''), conflict: e.body.conflict };
}

/**
 * A save's onError that shows a stale-copy refusal on the form (and nothing else for it); any
 * other error goes to `otherwise` as before.
 */
export function withStaleEdit<A extends unknown[]>(otherwise?: (error: unknown, ...rest: A) => void) {
  return (error: unknown, ...rest: A) => {
    const stale = staleEditOf(error);
    if (!stale) return otherwise?.(error, ...rest);
    const variables = rest[0] as { id?: unknown } | undefined;
    publish({ id: variables?.id, ...stale });
  };
}

/** A form's transform that keeps the version(s) the record was loaded at in what is sent. */
export function withVersion<T extends Record<string, any>>(transform: (data: T) => Record<string, unknown>) {
  return (data: T) => ({
    ...transform(data),
    ...(data.version !== undefined ? { version: data.version } : {}),
    ...(data.versions !== undefined ? { versions: data.versions } : {}),
  });
}

/** What the person typed: the form's top-level fields that differ from the copy it was opened with. */
function typedValues(values: Record<string, unknown>, opened: Record<string, unknown>): Record<string, unknown> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return Object.fromEntries(
    Object.keys(values)
      .filter((k) => k !== 'version' && k !== 'versions' && !same(values[k], opened[k]))
      .map((k) => [k, values[k]]),
  );
}

/** Inside an edit form: the refusal of a save from a stale copy, with „Презареди“ (nothing in a
 *  create form, which shares the edit's form). `aboveSaveBar`: it is the last thing before the
 *  form's toolbar, which a phone fixes over the window's bottom. */
export function StaleEditAlert({ aboveSaveBar = false }: { aboveSaveBar?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const refetch = useContext(EditContext)?.refetch;
  const { getValues, setValue } = useFormContext();
  const refusal = useSyncExternalStore(subscribe, () => current);
  const shown = refusal && record && (refusal.id === undefined || String(refusal.id) === String(record.id)) ? refusal : null;
  const alertRef = useRef<HTMLDivElement>(null);
  const pending = useRef<Record<string, unknown> | null>(null);

  // Said once, where the eye and the screen reader are: focus goes to the alert.
  useEffect(() => {
    if (shown) alertRef.current?.focus();
  }, [shown]);
  // Leaving the form forgets the refusal.
  useEffect(() => () => publish(null), []);
  // After the record is read again, the form is reset to it (react-admin does so when the record
  // changes); what was typed goes back on top, once that reset is done.
  useEffect(() => {
    const typed = pending.current;
    if (!typed) return;
    pending.current = null;
    const timer = setTimeout(() => {
      for (const [k, v] of Object.entries(typed)) setValue(k, v, { shouldDirty: true });
    });
    return () => clearTimeout(timer);
  }, [record?.version, record?.versions, setValue]);

  if (!shown) return null;
  const reload = async () => {
    pending.current = typedValues(getValues(), record as Record<string, unknown>);
    publish(null);
    await refetch?.();
  };
  return (
    <Alert
      ref={alertRef}
      tabIndex={-1}
      role="alert"
      severity="warning"
      data-testid="stale-edit-alert"
      sx={{
        width: '100%',
        // Room under it for a phone's fixed save bar, else the page ends with the alert under the bar.
        mb: aboveSaveBar ? { xs: '6rem', sm: 2 } : 2,
        '&:focus': { outline: '2px solid', outlineOffset: 2 },
        // On a phone the button goes under the text (beside it, the text is a narrow column) and
        // the form's save bar is fixed over the window's bottom: the focus stops the alert above it.
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        scrollMarginBottom: { xs: '6rem', sm: 0 },
        '& .MuiAlert-message': { flex: '1 1 0', minWidth: 0 },
        '& .MuiAlert-action': { flexBasis: { xs: '100%', sm: 'auto' }, m: { xs: 0, sm: '0 -8px 0 auto' }, pl: { xs: '34px', sm: 2 } },
      }}
      action={
        <Button color="inherit" variant="outlined" size="small" startIcon={<RefreshIcon />} onClick={reload}>
          {translate('app.staleEdit.reload')}
        </Button>
      }
    >
      <AlertTitle>{translate('app.staleEdit.title')}</AlertTitle>
      {shown.message}
      <br />
      {translate('app.staleEdit.keepsTyped')}
    </Alert>
  );
}

/** A tabbed form's toolbar with the alert above it (a tabbed form's children are only its tabs). */
export function StaleEditToolbar() {
  return (
    <>
      <StaleEditAlert aboveSaveBar />
      <Toolbar />
    </>
  );
}
