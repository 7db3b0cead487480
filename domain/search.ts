// Search that forgives: a shopper may type Cyrillic or Latin ("ягода", "yagoda"), write a Latin
// name the Bulgarian way ("туинс" for TWINS) or miss a letter. Products keep a search index
// computed here at write time (stored in products.search_text), so the database only runs
// plain LIKE — the same on SQLite and PostgreSQL. Everything is compared in Latin letters:
// Cyrillic is transliterated by the official Bulgarian system (the 2009 law, as slugs are), and
// Latin words are also read the Bulgarian way and transliterated back ("twins" → "туинс" →
// "tuins"), so either spelling meets the other.
import { BULGARIAN_TO_LATIN } from './slug';

const CYR_TO_LAT: Record<string, string> = {
  ...BULGARIAN_TO_LATIN,
  // letters of neighbouring Cyrillic alphabets a shopper might type
  ё: 'yo',
  э: 'e',
  ы: 'i',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
};

/** How a Bulgarian reads a Latin word aloud, written in Cyrillic (longest spelling first). */
const LAT_TO_CYR: Array<[string, string]> = [
  ['sht', 'щ'],
  ['sh', 'ш'],
  ['ch', 'ч'],
  ['zh', 'ж'],
  ['ts', 'ц'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['ph', 'ф'],
  ['th', 'т'],
  ['ck', 'к'],
  ['a', 'а'],
  ['b', 'б'],
  ['v', 'в'],
  ['g', 'г'],
  ['d', 'д'],
  ['e', 'е'],
  ['z', 'з'],
  ['i', 'и'],
  ['y', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['f', 'ф'],
  ['h', 'х'],
  ['c', 'к'],
  ['w', 'у'],
  ['x', 'кс'],
  ['q', 'к'],
  ['j', 'дж'],
];

/** Lower case, Cyrillic in Latin letters, accents dropped. */
export function toLatin(text: string): string {
  let out = '';
  for (const ch of text.toLocaleLowerCase('bg')) out += CYR_TO_LAT[ch] ?? ch;
  return out.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** A Latin word as a Bulgarian would write it in Cyrillic ("twins" → "туинс"). */
export function toCyrillic(word: string): string {
  let out = '';
  let i = 0;
  const w = word.toLowerCase();
  outer: while (i < w.length) {
    for (const [lat, cyr] of LAT_TO_CYR) {
      if (w.startsWith(lat, i)) {
        out += cyr;
        i += lat.length;
        continue outer;
      }
    }
    out += w[i];
    i++;
  }
  return out;
}

/** The words of a text as the index and the queries see them (Latin letters and digits). */
export function searchWords(text: string): string[] {
  return toLatin(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The stored index of a product (or anything searched this way): the text lower-cased as it
 * is (staff still find exact substrings, SKUs included), then its words in Latin letters and
 * the Bulgarian reading of its Latin words.
 */
export function searchIndex(...parts: Array<string | null | undefined>): string {
  const text = parts.filter(Boolean).join(' ');
  const words = searchWords(text);
  const latin = [...new Set(words)];
  const read = [...new Set(words.filter((w) => /[a-z]/.test(w)).map((w) => toLatin(toCyrillic(w))))].filter((w) => !latin.includes(w));
  return [text.toLocaleLowerCase('bg'), latin.join(' '), read.join(' ')].filter(Boolean).join(' | ');
}

/** The query's words to look for in the index (each must be found). */
export function searchTerms(query: string): string[] {
  return [...new Set(searchWords(query))].slice(0, 8);
}

/** Shortest word that is looked for with one typo allowed (shorter ones match too much). */
export const TYPO_MIN_LENGTH = 4;

/**
 * Every spelling one edit away from the word, as LIKE patterns without the surrounding %: a
 * wrong letter (`_` in its place), a missing letter (`_` inserted) or an extra one (left out).
 * Letters are a-z and 0-9 only (searchWords), so nothing needs escaping.
 */
export function typoPatterns(word: string): string[] {
  if (word.length < TYPO_MIN_LENGTH) return [word];
  const out = new Set<string>([word]);
  for (let i = 0; i < word.length; i++) {
    out.add(word.slice(0, i) + '_' + word.slice(i + 1));
    if (word.length > TYPO_MIN_LENGTH) out.add(word.slice(0, i) + word.slice(i + 1));
  }
  for (let i = 1; i < word.length; i++) out.add(word.slice(0, i) + '_' + word.slice(i));
  return [...out];
}
