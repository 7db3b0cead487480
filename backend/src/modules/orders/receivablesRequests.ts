// What the receivables' routes ask (orders/receivables), with the list's allow-list of sorts.
import type { Config } from '../../config';
import { notFound } from '../../platform/http/errors';
import type { RaListSpec } from '../../platform/lists/raList';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { receivables, receivablesPage, remindOverdue, RECEIVABLE_SORTS } from './receivables';

export { parseId } from '../../platform/http/parseInput';
export { parseRaParams } from '../../platform/lists/raList';
export { receivablesPage };

/** Sorts allowed on the list (the rows are companies, sorted after they are summed). */
export const receivableSpec: RaListSpec = {
  idColumn: 'id',
  defaultSort: ['overdueTotal', 'DESC'],
  sortable: Object.fromEntries(RECEIVABLE_SORTS.map((s) => [s, s])),
  // Applied by receivablesPage on the summed rows; named here so that others are refused (400).
  filters: { overdue: () => undefined, companyId: () => undefined, q: () => undefined },
};

export async function oneReceivable(companyId: number) {
  const [row] = await receivables(new Date(), { companyId });
  if (!row) throw notFound(TRADE_ORDER_TEXT.nothingOwed);
  return row;
}

export async function remindNow(config: Config) {
  const reminded = await remindOverdue(config);
  return { message: TRADE_ORDER_TEXT.remindersSent(reminded.length), reminded };
}
