// Toasts: a tiny store any module can push to (the HTTP client, the cart) and <Toaster> shows.
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
const LIFETIME_MS = 4000;

function emit() {
  for (const l of listeners) l(toasts);
}

export function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function push(kind: ToastKind, text: string) {
  const t = { id: nextId++, kind, text };
  // The same text twice in a row is shown once.
  toasts = [...toasts.filter((x) => x.text !== text), t].slice(-4);
  emit();
  setTimeout(() => dismiss(t.id), kind === 'error' ? LIFETIME_MS * 1.5 : LIFETIME_MS);
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
  toasts = [];
  emit();
}
