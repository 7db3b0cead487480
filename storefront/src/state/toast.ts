// Toasts: a tiny store any module can push to (the HTTP client, the cart) and <LiveRegions>
// shows inside the page's live regions (errors in the assertive one). An error stays until it is dismissed; others go after a while, but not while the pointer is
// on them or focus is in them (WCAG 2.2.1: time to read).
export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

type Listener = (toasts: Toast[]) => void;
let toasts: Toast[] = [];
const listeners = new Set<Listener>();
let nextId = 1;
const LIFETIME_MS = 5000;
/** The running timers of toasts that go by themselves, and what is left of a paused one. */
const timers = new Map<number, { timer?: ReturnType<typeof setTimeout>; startedAt: number; leftMs: number }>();
let paused = false;

function emit() {
  for (const l of listeners) l(toasts);
}

export function dismiss(id: number) {
  const t = timers.get(id);
  if (t?.timer) clearTimeout(t.timer);
  timers.delete(id);
  toasts = toasts.filter((x) => x.id !== id);
  emit();
}

function run(id: number) {
  const t = timers.get(id);
  if (!t || t.timer) return;
  t.startedAt = Date.now();
  t.timer = setTimeout(() => dismiss(id), t.leftMs);
}

/** The pointer or focus is on the toasts: none goes until they leave. */
export function pauseToasts() {
  paused = true;
  for (const t of timers.values()) {
    if (!t.timer) continue;
    clearTimeout(t.timer);
    t.timer = undefined;
    t.leftMs = Math.max(1000, t.leftMs - (Date.now() - t.startedAt));
  }
}

export function resumeToasts() {
  paused = false;
  for (const id of timers.keys()) run(id);
}

function push(kind: ToastKind, text: string) {
  const t = { id: nextId++, kind, text };
  // The same text twice in a row is shown once.
  for (const old of toasts.filter((x) => x.text === text)) timers.delete(old.id);
  toasts = [...toasts.filter((x) => x.text !== text), t].slice(-4);
  for (const id of timers.keys()) if (!toasts.some((x) => x.id === id)) timers.delete(id);
  emit();
  if (kind === 'error') return;
  timers.set(t.id, { startedAt: Date.now(), leftMs: LIFETIME_MS });
  if (!paused) run(t.id);
}

export const toast = {
  success: (text: string) => push('success', text),
  error: (text: string) => push('error', text),
  info: (text: string) => push('info', text),
};

export function subscribeToasts(l: Listener): () => void {
  listeners.add(l);
  l(toasts);
  return () => listeners.delete(l);
}

/** Tests start from a clean slate. */
export function clearToasts() {
  for (const t of timers.values()) if (t.timer) clearTimeout(t.timer);
  timers.clear();
  paused = false;
  toasts = [];
  emit();
}
