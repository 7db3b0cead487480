// Numbers and amounts in Bulgarian words, for the „Словом:“ line of invoices and credit notes
// („сто двадесет и три евро и 45 цента“). Bulgarian grammar that matters here:
// - gender of one and two follows the counted noun: един лев / една хиляда / едно евро,
//   два лева / две хиляди / две евро; хиляда alone is 1000 (not „една хиляда“);
// - „и“ joins the last two parts of each group of three digits (сто и десет, сто двадесет и три),
//   and stands before the last group when that group is a single word (хиляда и едно,
//   един милион и двеста, две хиляди и петстотин), never twice in a row.
import type { Currency } from './money';

export type Gender = 'masculine' | 'feminine' | 'neuter';

const ONES = ['', 'един', 'два', 'три', 'четири', 'пет', 'шест', 'седем', 'осем', 'девет'];
const TEENS = [
  'десет',
  'единадесет',
  'дванадесет',
  'тринадесет',
  'четиринадесет',
  'петнадесет',
  'шестнадесет',
  'седемнадесет',
  'осемнадесет',
  'деветнадесет',
];
const TENS = ['', '', 'двадесет', 'тридесет', 'четиридесет', 'петдесет', 'шестдесет', 'седемдесет', 'осемдесет', 'деветдесет'];
const HUNDREDS = ['', 'сто', 'двеста', 'триста', 'четиристотин', 'петстотин', 'шестстотин', 'седемстотин', 'осемстотин', 'деветстотин'];

function one(digit: number, gender: Gender): string {
  if (digit === 1) return gender === 'masculine' ? 'един' : gender === 'feminine' ? 'една' : 'едно';
  if (digit === 2) return gender === 'masculine' ? 'два' : 'две';
  return ONES[digit];
}

/** 0 < n < 1000 as its words, one per part (hundreds, tens, ones). */
function groupParts(n: number, gender: Gender): string[] {
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) parts.push(HUNDREDS[h]);
  if (rest >= 10 && rest < 20) parts.push(TEENS[rest - 10]);
  else {
    if (rest >= 20) parts.push(TENS[Math.floor(rest / 10)]);
    if (rest % 10) parts.push(one(rest % 10, gender));
  }
  return parts;
}

/** The parts joined, with „и“ before the last one when there are several. */
function joinWithAnd(parts: string[]): string {
  if (parts.length < 2) return parts.join('');
  return `${parts.slice(0, -1).join(' ')} и ${parts[parts.length - 1]}`;
}

interface Scale {
  value: number;
  gender: Gender;
  /** the word after 1 (alone for хиляда) and after any other count */
  single: string;
  plural: string;
  /** 1 × this scale is the bare word (хиляда), not „една хиляда“ */
  bareOne: boolean;
}

const SCALES: Scale[] = [
  { value: 1_000_000_000, gender: 'masculine', single: 'милиард', plural: 'милиарда', bareOne: false },
  { value: 1_000_000, gender: 'masculine', single: 'милион', plural: 'милиона', bareOne: false },
  { value: 1_000, gender: 'feminine', single: 'хиляда', plural: 'хиляди', bareOne: true },
];

/**
 * A whole number (0 ≤ n < 10¹²) in Bulgarian words, in the gender of what it counts:
 * 1 → „един“ / „една“ / „едно“; 2021 → „две хиляди двадесет и едно“ (neuter).
 */
export function numberInWords(n: number, gender: Gender = 'masculine'): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`numberInWords: ${n}`);
  if (n === 0) return 'нула';
  const groups: Array<{ text: string; single: boolean }> = [];
  let rest = n;
  for (const scale of SCALES) {
    const count = Math.floor(rest / scale.value);
    rest %= scale.value;
    if (!count) continue;
    if (count === 1 && scale.bareOne) {
      groups.push({ text: scale.single, single: true });
      continue;
    }
    const parts = groupParts(count, scale.gender);
    groups.push({ text: `${joinWithAnd(parts)} ${count === 1 ? scale.single : scale.plural}`, single: parts.length === 1 });
  }
  if (rest) {
    const parts = groupParts(rest, gender);
    groups.push({ text: joinWithAnd(parts), single: parts.length === 1 });
  }
  const last = groups[groups.length - 1];
  if (groups.length > 1 && last.single) {
    return `${groups
      .slice(0, -1)
      .map((g) => g.text)
      .join(' ')} и ${last.text}`;
  }
  return groups.map((g) => g.text).join(' ');
}

const UNITS: Record<Currency, { gender: Gender; one: string; many: string; minorOne: string; minorMany: string }> = {
  EUR: { gender: 'neuter', one: 'евро', many: 'евро', minorOne: 'цент', minorMany: 'цента' },
  BGN: { gender: 'masculine', one: 'лев', many: 'лева', minorOne: 'стотинка', minorMany: 'стотинки' },
};

/**
 * An amount in minor units in words as Bulgarian invoices write it: the whole units in words,
 * the cents in two digits: 12345 EUR → „сто двадесет и три евро и 45 цента“,
 * 100 BGN → „един лев и 00 стотинки“. A negative amount (a credit) reads „минус …“.
 */
export function amountInWords(minor: number, currency: Currency): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amountInWords: ${minor}`);
  const unit = UNITS[currency];
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  const words = `${numberInWords(whole, unit.gender)} ${whole === 1 ? unit.one : unit.many} и ${String(cents).padStart(2, '0')} ${cents === 1 ? unit.minorOne : unit.minorMany}`;
  return minor < 0 ? `минус ${words}` : words;
}
