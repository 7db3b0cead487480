// Latin slugs from Bulgarian names, by the official Bulgarian transliteration (2009 law).
/** The official Bulgarian transliteration, letter by letter (search uses it too). */
export const BULGARIAN_TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sht',
  ъ: 'a',
  ь: 'y',
  ю: 'yu',
  я: 'ya',
};

export function slugify(text: string): string {
  return text
    .toLocaleLowerCase('bg')
    .split('')
    .map((ch) => BULGARIAN_TO_LATIN[ch] ?? ch)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** Lower-cased text for case-insensitive search that also works for Cyrillic in SQLite. */
export function searchable(...parts: Array<string | null | undefined>): string {
  return parts.filter(Boolean).join(' ').toLocaleLowerCase('bg');
}
