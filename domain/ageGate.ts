// The 18+ gate as the storefront (components/AgeGate.tsx) and the server's rendered pages
// (backend/src/modules/storefront/document.ts) share it. A rendered page carries the gate in its
// HTML, so a first-time visitor sees it with the page's first paint instead of a second later,
// once the app has loaded. A device that has answered yes must never see it flash: a one-line
// script in the head marks <html> before anything is painted, and the stylesheet hides the gate
// under that mark. The server sends the script's hash in its CSP (no 'unsafe-inline').

/** The device's answer, kept in its localStorage ('yes'). */
export const AGE_CONFIRMED_KEY = 'age-confirmed';
/** On <html> when this device has said yes (set by AGE_GATE_HEAD_SCRIPT). */
export const AGE_CONFIRMED_CLASS = 'age-confirmed';
/** The gate's overlay: hidden under AGE_CONFIRMED_CLASS, and where scripts do not run. */
export const AGE_GATE_CLASS = 'age-overlay';

/** Run in the head of a rendered page, before the first paint. */
export const AGE_GATE_HEAD_SCRIPT =
  `try{if(localStorage.getItem(${JSON.stringify(AGE_CONFIRMED_KEY)})==="yes")` +
  `document.documentElement.classList.add(${JSON.stringify(AGE_CONFIRMED_CLASS)})}catch(e){}`;
