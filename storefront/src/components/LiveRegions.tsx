// The page's two live regions: one polite, one assertive, in the page from its first
// paint (the server renders them too, empty). What is said goes INTO them — a region added
// together with its text is not reliably read:
// - the toasts themselves (errors in the assertive one, the rest in the polite one), each with
//   its close button; an error stays until it is closed, others pause while pointed at or focused
//   (state/toast);
// - short messages that are only heard (state/announce: a route change, „Намерени 12 продукта“,
//   the chosen office), a visually hidden line replaced by the next one.
// aria-atomic is off: only what was added is read, not every toast still on the screen. No
// role=alert/status on them: an empty region is not an alert on the page (aria-live says it all).
import { useEffect, useState } from 'react';
import { Announcement, Politeness, subscribeAnnouncements } from '../state/announce';
import { dismiss, pauseToasts, resumeToasts, subscribeToasts, Toast } from '../state/toast';

const NONE: Record<Politeness, Announcement | null> = { polite: null, assertive: null };

export function LiveRegions() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [said, setSaid] = useState(NONE);
  useEffect(() => subscribeToasts(setToasts), []);
  useEffect(() => subscribeAnnouncements((politeness, a) => setSaid((s) => ({ ...s, [politeness]: a }))), []);

  const close = (id: number, button: HTMLElement) => {
    // Focus on the closed toast's button goes to another toast's, or back to the page.
    const others = Array.from(document.querySelectorAll<HTMLElement>('.toast-close')).filter((b) => b !== button);
    dismiss(id);
    if (document.activeElement === button || document.activeElement === document.body)
      (others[others.length - 1] ?? document.getElementById('main'))?.focus();
  };
  const region = (politeness: Politeness, shown: Toast[]) => (
    <div
      id={`live-${politeness}`}
      data-testid={`live-${politeness}`}
      className="toast-region"
      aria-live={politeness}
      aria-atomic="false"
      aria-relevant="additions text"
    >
      {said[politeness] && (
        <span key={said[politeness]!.n} className="sr-only">
          {said[politeness]!.text}
        </span>
      )}
      {shown.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`}>
          <span>{t.text}</span>
          <button type="button" className="toast-close" aria-label="Затвори" onClick={(e) => close(t.id, e.currentTarget)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
  return (
    <div
      className="toasts"
      onMouseEnter={pauseToasts}
      onMouseLeave={resumeToasts}
      onFocus={pauseToasts}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) resumeToasts();
      }}
    >
      {region(
        'assertive',
        toasts.filter((t) => t.kind === 'error'),
      )}
      {region(
        'polite',
        toasts.filter((t) => t.kind !== 'error'),
      )}
    </div>
  );
}
