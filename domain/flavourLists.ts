// Flavour lists: a named list of flavours staff define once and pick on a product.
// The list's rules (the server's and the admin form's) and what picking one does to a product's
// attributes, in one place.
import { CATALOGUE } from './messages';
import { CHAMBER_ATTRIBUTE } from './productKinds';

const fold = (s: string) => s.trim().toLocaleLowerCase('bg');

/** `flavours` / `flavours.N` errors: at least one flavour, none twice (letter case aside). */
export function flavourListErrors(flavours: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!flavours.some((f) => f.trim())) errors.flavours = CATALOGUE.flavourListEmpty;
  const seen = new Set<string>();
  flavours.forEach((f, i) => {
    if (!f.trim()) return;
    if (seen.has(fold(f)) && !errors[`flavours.${i}`]) errors[`flavours.${i}`] = CATALOGUE.flavourTwice(f.trim());
    seen.add(fold(f));
  });
  return errors;
}

/** One line a flavour, as staff type them in a text box; blank lines dropped. */
export function flavoursFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

export interface FormAttribute {
  id?: number;
  name: string;
  values: Array<{ id?: number; value: string } | string>;
}

/**
 * A product's attributes after picking a flavour list: every flavour attribute it has ("Вкус",
 * "Вкус 1", "Вкус 2", …) gets the list's flavours; a product with none gets one per chamber
 * ("Вкус 1" … "Вкус N" for N tanks, "Вкус" for one). Other attributes stay as they are.
 */
export function fillFlavours(attributes: readonly FormAttribute[], flavours: readonly string[], chambers: number): FormAttribute[] {
  const values = () => flavours.map((value) => ({ value }));
  const isFlavour = (name: string) => CHAMBER_ATTRIBUTE.test(name.trim()) || fold(name) === 'вкус';
  if (attributes.some((a) => a && isFlavour(a.name ?? ''))) {
    return attributes.map((a) => (a && isFlavour(a.name ?? '') ? { ...a, values: values() } : a));
  }
  const n = Math.max(1, Math.floor(chambers));
  const added =
    n === 1 ? [{ name: 'Вкус', values: values() }] : Array.from({ length: n }, (_, i) => ({ name: `Вкус ${i + 1}`, values: values() }));
  return [...added, ...attributes];
}
