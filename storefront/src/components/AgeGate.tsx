// The 18+ gate on the first visit; the answer is remembered on this device.
import { useEffect, useRef, useState } from 'react';

export const AGE_KEY = 'age-confirmed';

/** Staff sent here by the admin (/signin?next=/admin…) sign in to work, not to shop: no gate. */
function isStaffSignIn(): boolean {
  if (typeof window === 'undefined') return false;
  const { pathname, search } = window.location;
  const next = new URLSearchParams(search).get('next') ?? '';
  return pathname === '/signin' && (next === '/admin' || next.startsWith('/admin/') || next.startsWith('/admin?'));
}

export function AgeGate() {
  const [open, setOpen] = useState(() => {
    if (isStaffSignIn()) return false;
    try {
      return localStorage.getItem(AGE_KEY) !== 'yes';
    } catch {
      return true;
    }
  });
  const [refused, setRefused] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) confirmRef.current?.focus();
    document.body.classList.toggle('no-scroll', open);
  }, [open]);
  if (!open) return null;
  const confirm = () => {
    try {
      localStorage.setItem(AGE_KEY, 'yes');
    } catch {
      /* private mode: ask again next time */
    }
    setOpen(false);
  };
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="age-title" aria-describedby="age-text">
      <div className="dialog age-gate">
        <div className="logo">VAP<span>SOLO</span></div>
        <h2 id="age-title">Навършили ли сте 18 години?</h2>
        <p id="age-text">
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
