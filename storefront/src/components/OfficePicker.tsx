// The checkout's office picker: a search box (city, office name or address, in Cyrillic or
// Latin) over the courier's office directory, as an ARIA 1.2 combobox with a listbox: arrows
// move through the offices, Enter picks one, Escape closes the list; tapping works on a phone.
import { useEffect, useId, useRef, useState, KeyboardEvent } from 'react';
import { api } from '../api/client';
import { announce } from '../state/announce';
import { A11Y } from '@domain/messages';
import { COURIER_LABELS, COURIER_TEXT, Courier, OFFICE_QUERY_MAX, type ApiOffice } from '@domain/couriers';
import './OfficePicker.css';

const SEARCH_DELAY_MS = 200;
/** While the server fills an empty directory from the courier, the search is asked again this often, this many times. */
const SYNC_RETRY_MS = 1500;
const SYNC_RETRIES = 20;

export interface OfficePickerProps {
  courier: Courier;
  value: ApiOffice | null;
  onChange(office: ApiOffice | null): void;
  /** The input's id (the checkout focuses it on an error). */
  id?: string;
  error?: string;
}

export function OfficePicker({ courier, value, onChange, id, error }: OfficePickerProps) {
  const auto = useId();
  const inputId = id ?? `office-${auto}`;
  const listId = `${inputId}-list`;
  const [query, setQuery] = useState('');
  const [offices, setOffices] = useState<ApiOffice[]>([]);
  const [demo, setDemo] = useState(false);
  // The server is filling an empty directory from the courier right now (it never waits on it).
  const [syncing, setSyncing] = useState(false);
  const [retry, setRetry] = useState(0);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  /** The control that was focused is being replaced (the field by the chosen office, or back). */
  const moveFocus = useRef<'chosen' | 'field' | null>(null);
  useEffect(() => {
    if (moveFocus.current === 'chosen') changeRef.current?.focus();
    else if (moveFocus.current === 'field') inputRef.current?.focus();
    moveFocus.current = null;
  }, [value]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    let again: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      setLoading(true);
      api
        .get<{ offices: ApiOffice[]; demo?: boolean; syncing?: boolean }>(
          `/couriers/offices?courier=${courier}&q=${encodeURIComponent(query.trim())}`,
          { silent: true, signal: controller.signal },
        )
        .then((r) => {
          setOffices(r.offices);
          setDemo(Boolean(r.demo));
          setSyncing(Boolean(r.syncing));
          // The offices appear by themselves once the courier has answered the server.
          if (r.syncing && retry < SYNC_RETRIES) again = setTimeout(() => setRetry((n) => n + 1), SYNC_RETRY_MS);
          setActive(r.offices.length ? 0 : -1);
        })
        .catch(() => setOffices([]))
        .finally(() => setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(again);
      controller.abort();
    };
  }, [courier, query, open, retry]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const pick = (office: ApiOffice) => {
    // The field goes: focus to the chosen office's „Избери друг офис“, and the choice is said.
    moveFocus.current = 'chosen';
    announce(A11Y.officeChosen(office.name, office.city, office.address));
    onChange(office);
    setQuery('');
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => Math.min(offices.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      // Enter picks the highlighted office instead of sending the order.
      if (open && active >= 0 && offices[active]) {
        e.preventDefault();
        pick(offices[active]);
      }
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  const label = `Офис на ${COURIER_LABELS[courier]}`;
  return (
    <div className={`field office-picker ${error ? 'field-error' : ''}`}>
      <label htmlFor={inputId}>{value ? label : `${label} — търсете по град, име или адрес`}</label>
      {value && (
        <div className="office-picker-chosen">
          <strong>{value.name}</strong>
          <span className="muted block">
            {value.city}, {value.address}
          </span>
          <button
            ref={changeRef}
            type="button"
            className="link-button"
            onClick={() => {
              moveFocus.current = 'field';
              onChange(null);
            }}
          >
            Избери друг офис
          </button>
        </div>
      )}
      {!value && (
        <>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open && offices.length > 0}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 && offices[active] ? `${listId}-${offices[active].id}` : undefined}
            aria-invalid={!!error}
            aria-describedby={error ? `${inputId}-error` : undefined}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={OFFICE_QUERY_MAX}
            placeholder="напр. София, Младост или Пловдив"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onClick={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={onKeyDown}
          />
          {/* A listbox holds options only: without any, what the search found is said beside it. */}
          {open && offices.length > 0 && (
            <ul id={listId} ref={listRef} role="listbox" aria-label={`Офиси на ${COURIER_LABELS[courier]}`} className="office-picker-list">
              {offices.map((o, i) => (
                <li
                  key={o.id}
                  id={`${listId}-${o.id}`}
                  data-index={i}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(o)}
                >
                  <strong>
                    {o.city} · {o.name}
                  </strong>
                  <span className="muted">{o.address}</span>
                </li>
              ))}
            </ul>
          )}
          {open && !loading && offices.length === 0 && (
            <p className="office-picker-empty" role="status">
              {syncing ? COURIER_TEXT.officesLoading : 'Няма офис, който да отговаря. Опитайте с града.'}
            </p>
          )}
        </>
      )}
      {demo && !error && !open && <span className="muted small">Примерен указател: куриерът още не е свързан.</span>}
      {error && (
        <span id={`${inputId}-error`} className="error-text">
          {error}
        </span>
      )}
    </div>
  );
}
