// The 18+ gate on the first visit; the answer is remembered on this device. It is a modal
// dialog: Tab and Shift+Tab cycle inside it (the page behind is inert until it is answered).
// A page rendered on the server carries the gate in its HTML (after the page's content, which
// stays readable for search engines and link previews), so a first-time visitor sees it with
// the first paint; the server cannot know this device's answer, so a device that said yes has
// it hidden before that paint by the head script of domain/ageGate.ts and closed on hydration.
// Its buttons work once the app runs: until then they are disabled (a click would be lost).
import { KeyboardEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useRenderedOnServer } from '../state/preloaded';
import { AGE_CONFIRMED_KEY, AGE_GATE_CLASS } from '@domain/ageGate';
import { useAppRunning } from '../state/appRunning';

export const AGE_KEY = AGE_CONFIRMED_KEY;

/** Staff sent here by the admin (/signin?next=/admin…) sign in to work, not to shop: no gate. */
function isStaffSignIn(): boolean {
  if (typeof window === 'undefined') return false;
  const { pathname, search } = window.location;
  const next = new URLSearchParams(search).get('next') ?? '';
  return pathname === '/signin' && (next === '/admin' || next.startsWith('/admin/') || next.startsWith('/admin?'));
}

function confirmedHere(): boolean {
  try {
    return localStorage.getItem(AGE_KEY) === 'yes';
  } catch {
    return false;
  }
}

/** The page's main heading (focusable by script), else main itself. */
export function focusPageStart() {
  const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

export function AgeGate() {
  // Rendered on the server (or hydrating what it rendered): open, as in the HTML, for everyone.
  const renderedOnServer = useRenderedOnServer();
  const [open, setOpen] = useState(() => !isStaffSignIn() && (renderedOnServer || !confirmedHere()));
  /** The app runs here: the answers work, focus and inertness apply. */
  const running = useAppRunning();
  const [refused, setRefused] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (isStaffSignIn() || confirmedHere()) setOpen(false);
  }, []);
  const active = open && running;
  useEffect(() => {
    if (active) confirmRef.current?.focus();
    document.body.classList.toggle('no-scroll', active);
    // Everything outside the dialog is inert while it is open (no tabbing or clicking behind it).
    const root = document.getElementById('root');
    const outside = root ? Array.from(root.children).filter((el) => !el.contains(dialogRef.current)) : [];
    for (const el of outside) el.toggleAttribute('inert', active);
    return () => {
      for (const el of outside) el.removeAttribute('inert');
    };
  }, [active]);
  useEffect(() => {
    if (refused) dialogRef.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus();
  }, [refused]);
  if (!open) return null;
  const confirm = () => {
    try {
      localStorage.setItem(AGE_KEY, 'yes');
    } catch {
      /* private mode: ask again next time */
    }
    // The focused answer goes with the dialog: focus starts the page, at its heading (or main),
    // in the same task (the dialog gone and the page no longer inert), so it never rests on the body.
    flushSync(() => setOpen(false));
    focusPageStart();
  };
  /** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
  const trap = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(
      dialogRef.current.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])'),
    ).filter((el) => !el.hasAttribute('disabled'));
    if (!focusable.length) {
      e.preventDefault();
      return;
    }
    const firstEl = focusable[0];
    const lastEl = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === firstEl || !dialogRef.current.contains(active))) {
      e.preventDefault();
      lastEl.focus();
    } else if (!e.shiftKey && (active === lastEl || !dialogRef.current.contains(active))) {
      e.preventDefault();
      firstEl.focus();
    }
  };
  return (
    <div
      className={`overlay ${AGE_GATE_CLASS}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby="age-title"
      aria-describedby="age-text"
      ref={dialogRef}
      onKeyDown={trap}
    >
      <div className="dialog age-gate">
        <div className="logo">
          VAP<span>SOLO</span>
        </div>
        <h2 id="age-title">Навършили ли сте 18 години?</h2>
        <p id="age-text" tabIndex={-1}>
          {refused
            ? 'Съжаляваме, продуктите ни са само за пълнолетни. Продажбата на лица под 18 години е забранена.'
            : 'Сайтът предлага продукти с никотин и е предназначен само за пълнолетни.'}
        </p>
        {!refused && (
          <div className="dialog-actions">
            <button ref={confirmRef} type="button" className="button" onClick={confirm} disabled={!running}>
              Да, на 18+ съм
            </button>
            <button type="button" className="button button-ghost" onClick={() => setRefused(true)} disabled={!running}>
              Не
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
