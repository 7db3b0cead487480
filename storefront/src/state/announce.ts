// What a screen reader is told without moving focus: one polite and one assertive
// live region, in the page from its first paint (server-rendered too, <LiveRegions>), and text
// put into them — a region added together with its text is not reliably read. Route changes,
// search results and the chosen office speak through here; toasts (cart updates among them) are
// put into the same regions by <LiveRegions>.
export type Politeness = 'polite' | 'assertive';
export interface Announcement {
  text: string;
  /** Counts the announcements, so the same words twice are read twice. */
  n: number;
}

type Listener = (politeness: Politeness, a: Announcement) => void;
const listeners = new Set<Listener>();
let n = 0;

export function announce(text: string, politeness: Politeness = 'polite') {
  if (!text) return;
  n += 1;
  for (const l of listeners) l(politeness, { text, n });
}

export function subscribeAnnouncements(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
