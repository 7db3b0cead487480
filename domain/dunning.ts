// Dunning: how a company that owes is reminded and, past a set number of days overdue, held to
// prepayment. The days and texts are the shop's settings (Settings → Продажби); the reminders go
// at set days from an amount's due date (negative: before it), each once; a company with an amount
// overdue by `prepaymentOnlyAfterDays` or more may still order, paying in advance, until the
// payment that clears it. The stage staff see per company follows from the same figures. Pure:
// the server's job and checkout, the admin and the storefront read the same rules.
import { DAY_MS } from './dates';

export interface DunningSettings {
  /** Days from the due date a reminder goes (e.g. -3, 1, 7, 14); none: no reminders. */
  reminderDays: number[];
  /** Days overdue from which the company orders with prepayment only (0: never). */
  prepaymentOnlyAfterDays: number;
  /** The reminder before the due date, and after it; {placeholders} as in DUNNING_PLACEHOLDERS. */
  beforeText: string;
  afterText: string;
}

export const DUNNING_PLACEHOLDERS = ['фирма', 'документ', 'поръчка', 'сума', 'падеж', 'дни', 'iban'] as const;
export type DunningValues = Record<(typeof DUNNING_PLACEHOLDERS)[number], string>;

export const DUNNING_DEFAULTS: DunningSettings = {
  reminderDays: [-3, 1, 7, 14],
  prepaymentOnlyAfterDays: 30,
  beforeText: [
    'Здравейте, {фирма},',
    '',
    'Напомняме, че плащането по {документ} (поръчка {поръчка}) за {сума} е с падеж {падеж}.',
    'Моля, преведете сумата по сметка {iban} с основание {поръчка}.',
    'Ако вече сте платили, не обръщайте внимание на това писмо.',
    '',
    'Поздрави,',
    'VAP SOLO',
  ].join('\n'),
  afterText: [
    'Здравейте, {фирма},',
    '',
    'Плащането по {документ} (поръчка {поръчка}) беше с падеж {падеж} и остават неплатени {сума} ({дни} дни просрочие).',
    'Моля, преведете сумата по сметка {iban} с основание {поръчка}.',
    'Ако вече сте платили, не обръщайте внимание на това писмо.',
    '',
    'Поздрави,',
    'VAP SOLO',
  ].join('\n'),
};

/** The most reminders an amount may get, and how far from its due date they may go. */
export const DUNNING_REMINDERS_MAX = 8;
export const DUNNING_DAY_MIN = -60;
export const DUNNING_DAY_MAX = 365;

export const DUNNING_STAGES = ['current', 'due_soon', 'overdue', 'prepayment_only'] as const;
export type DunningStage = (typeof DUNNING_STAGES)[number];

export const DUNNING_STAGE_LABELS: Readonly<Record<DunningStage, string>> = {
  current: 'Редовна',
  due_soon: 'Наближава падеж',
  overdue: 'Просрочие',
  prepayment_only: 'Само с предплащане',
};

export const DUNNING_TEXT = {
  prepaymentOnly: (days: number, amount: string) =>
    `Фирмата има просрочени задължения (${amount}, над ${days} дни). Докато не бъдат платени, поръчките са само с предплащане: изберете „Предплащане по банков път“.`,
  prepaymentOnlyNotice: (days: number) =>
    `Имате задължения, просрочени с над ${days} дни: докато не бъдат платени, можете да поръчвате само с предплащане.`,
  prepaymentLabel: 'Предплащане по банков път (плащане веднага, изпращане след получаване на сумата)',
  subjectBefore: (order: string) => `Напомняне: наближава падежът на плащането по поръчка ${order}`,
  subjectAfter: (order: string) => `Напомняне: просрочено плащане по поръчка ${order}`,
  historyNote: (day: number) =>
    day < 0
      ? `Изпратено напомняне за плащане (${-day} дни преди падежа).`
      : `Изпратено напомняне за просрочено плащане (${day} дни след падежа).`,
  daysInvalid: `Дните за напомняне са цели числа от ${DUNNING_DAY_MIN} до ${DUNNING_DAY_MAX}, най-много ${DUNNING_REMINDERS_MAX}, без повторение.`,
  invoiceDocument: (number: string) => `фактура № ${number}`,
  orderDocument: (number: string) => `поръчка ${number}`,
} as const;

/** Whole days an amount due at `dueAt` is overdue at `now` (0 until a full day after it). */
export function daysOverdue(dueAt: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(dueAt)) / DAY_MS));
}

/**
 * The reminder that should go now for an amount due at `dueAt`: the latest of the settings' days
 * reached by `now` (a day d is reached d whole days after the due moment), unless it went already.
 * The earlier days reached and not sent are passed over (a shop that was down does not send three
 * letters at once): `passed` names them, to be marked as done.
 */
export function reminderDue(dueAt: string, now: Date, days: number[], sent: ReadonlySet<number>): { day: number; passed: number[] } | null {
  const due = Date.parse(dueAt);
  const reached = [...new Set(days)].filter((d) => now.getTime() >= due + d * DAY_MS).sort((a, b) => a - b);
  if (!reached.length) return null;
  const day = reached[reached.length - 1];
  if (sent.has(day)) return null;
  return { day, passed: reached.slice(0, -1).filter((d) => !sent.has(d)) };
}

/** A company's stage from its amounts owed (each with its due moment), at `now`. */
export function dunningStageOf(
  owed: Array<{ dueAt: string | null; amount: number }>,
  now: Date,
  settings: Pick<DunningSettings, 'reminderDays' | 'prepaymentOnlyAfterDays'>,
): { stage: DunningStage; daysOverdue: number } {
  const open = owed.filter((o) => o.amount > 0 && o.dueAt);
  const most = open.reduce((m, o) => Math.max(m, daysOverdue(o.dueAt!, now)), 0);
  if (settings.prepaymentOnlyAfterDays > 0 && most >= settings.prepaymentOnlyAfterDays)
    return { stage: 'prepayment_only', daysOverdue: most };
  if (most >= 1) return { stage: 'overdue', daysOverdue: most };
  const earliest = Math.min(0, ...settings.reminderDays);
  const soon = open.some((o) => now.getTime() >= Date.parse(o.dueAt!) + earliest * DAY_MS);
  return { stage: soon && earliest < 0 ? 'due_soon' : 'current', daysOverdue: 0 };
}

/** A reminder's text with its {placeholders} filled; an unknown one stays as written. */
export function fillReminder(template: string, values: DunningValues): string {
  return template.replace(/\{([^{}\n]{1,20})\}/g, (whole, name: string) => (name in values ? values[name as keyof DunningValues] : whole));
}

/** The settings' days checked: whole, within range, few, each once. */
export function reminderDaysValid(days: unknown): days is number[] {
  return (
    Array.isArray(days) &&
    days.length <= DUNNING_REMINDERS_MAX &&
    new Set(days).size === days.length &&
    days.every((d) => Number.isInteger(d) && d >= DUNNING_DAY_MIN && d <= DUNNING_DAY_MAX)
  );
}
