// Focus after an action that removes or disables the control that had it (a status move, a
// confirmed dialog): back to that control while it is there and usable, else to the page's
// heading (the layout's h1, the record's name), never left on the page's body.

/** The page's h1 (Layout's PageHeading). */
export const pageHeading = () => document.getElementById('react-admin-title');

/** How long after the action the page is watched: it re-renders with the saved record after the answer. */
export const FOCUS_WATCH_MS = 1500;

const lost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

const usable = (el: HTMLElement | null): el is HTMLElement =>
  !!el && el.isConnected && !(el as HTMLButtonElement).disabled && !el.closest('[aria-hidden="true"], [inert]');

/**
 * The control that started an action, as focus should come back to it: the focused element,
 * unless it sits in a dialog that closes with the action.
 */
export function opener(): HTMLElement | null {
  const active = document.activeElement as HTMLElement | null;
  if (!active || active === document.body || active.closest('[role="dialog"], [role="alertdialog"]')) return null;
  return active;
}

/** Watches focus for a moment: when it drops to the body, it goes to `from` (if usable) or to the heading. */
export function keepFocusAfter(from: HTMLElement | null, fallback: () => HTMLElement | null = pageHeading) {
  const started = Date.now();
  const check = () => {
    if (lost()) (usable(from) ? from : fallback())?.focus();
    if (Date.now() - started < FOCUS_WATCH_MS) setTimeout(check, 50);
  };
  setTimeout(check, 0);
}
