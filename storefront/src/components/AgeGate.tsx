// The 18+ gate on the first visit; the answer is remembered on this device. It is a modal
// dialog: Tab and Shift+Tab cycle inside it (the page behind is inert until it is answered).
// It opens once the page is running in the browser (the server cannot know this device's
// answer, and the page's HTML under it stays readable for search engines and link previews).
import { KeyboardEvent, useEffect, useRef, useState } from 'react';

export const AGE_KEY = 'age-confirmed';

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

export function AgeGate() {
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isStaffSignIn() && !confirmedHere()) setOpen(true);
  }, []);
  useEffect(() => {
    if (open) confirmRef.current?.focus();
    document.body.classList.toggle('no-scroll', open);
    // Everything outside the dialog is inert while it is open (no tabbing or clicking behind it).
    const root = document.getElementById('root');
    const outside = root ? Array.from(root.children).filter((el) => !el.contains(dialogRef.current)) : [];
    for (const el of outside) el.toggleAttribute('inert', open);
    return () => {
      for (const el of outside) el.removeAttribute('inert');
    };
  }, [open]);
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
    setOpen(false);
  };
  /** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
  const trap = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')).filter((el) => !el.hasAttribute('disabled'));
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
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="age-title" aria-describedby="age-text" ref={dialogRef} onKeyDown={trap}>
      <div className="dialog age-gate">
        <div className="logo">VAP<span>SOLO</span></div>
        <h2 id="age-title">Навършили ли сте 18 години?</h2>
        <p id="age-text" tabIndex={-1}>
          {refused
            ? 'Съжаляваме, продуктите ни са само за пълнолетни. Продажбата на лица под 18 години е забранена.'
            : 'Сайтът предлага продукти с никотин и е предназначен само за пълнолетни.'}
        </p>
        {!refused && (
          <div className="dialog-actions">
            <button ref={confirmRef} type="button" className="button" onClick={confirm}>
              Да, на 18+ съм
            </button>
            <button type="button" className="button button-ghost" onClick={() => setRefused(true)}>
              Не
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
