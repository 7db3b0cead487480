// Settings → Продажби → „Напомняния за плащане“: the section's texts (Bulgarian, as the rest of the
// tab). The rules and their refusals are domain/dunning's, the same the server applies.
import { DUNNING_DAY_MAX, DUNNING_DAY_MIN, DUNNING_PLACEHOLDERS, DUNNING_REMINDERS_MAX, DUNNING_TEXT } from '@domain/dunning';

export const DUNNING_SETTINGS_TEXT = {
  title: 'Напомняния за плащане',
  intro:
    'Фирмите с отсрочено плащане получават напомняне по имейл в избраните дни спрямо падежа — всяко веднъж. Фирма с просрочие над посочените дни може да поръчва само с предплащане, докато не плати.',
  daysLegend: 'Дни за напомняне',
  daysHint: `Отрицателно число е дни преди падежа (−3: три дни преди), положително — дни след него (7: седмица просрочие). От ${DUNNING_DAY_MIN} до ${DUNNING_DAY_MAX}, най-много ${DUNNING_REMINDERS_MAX}, без повторение.`,
  dayLabel: (n: number) => `Напомняне ${n} (дни спрямо падежа)`,
  removeDay: (n: number) => `Премахни напомняне ${n}`,
  addDay: 'Добави напомняне',
  noDays: 'Няма напомняния: фирмите не получават писма за плащане.',
  dayNotWhole: `Въведете цяло число от ${DUNNING_DAY_MIN} до ${DUNNING_DAY_MAX}.`,
  dayRepeated: 'Този ден вече е в списъка.',
  daysInvalid: DUNNING_TEXT.daysInvalid,
  prepaymentOnlyAfterDays: 'Само с предплащане след (дни просрочие)',
  prepaymentOnlyAfterDaysHelp: '0: никога. Фирмата може да поръчва с предплащане или наложен платеж, докато не плати просроченото.',
  wholeDays: `Въведете цяло число от 0 до ${DUNNING_DAY_MAX}.`,
  beforeText: 'Текст на напомнянето преди падежа',
  afterText: 'Текст на напомнянето след падежа',
  placeholders: `Заместители: ${DUNNING_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}`,
} as const;
