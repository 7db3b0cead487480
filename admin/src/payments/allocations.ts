// The allocation editor's arithmetic, kept apart from its screens: the form holds one row per
// open invoice ({ invoiceId, amount }, amount null when nothing goes to it), only rows with money
// are sent, and the server's errors — named by the index of what was sent — go back to the rows
// they belong to. Sums are taken in cents, as the server takes them.
import { fromMinor, toMinor } from '@domain/money';
import type { Allocation, OpenInvoiceRow } from './api';

/** One row of the editor: an open invoice and what is given to it (null or 0: nothing). */
export interface AllocationRow {
  invoiceId: number;
  amount: number | string | null;
}

/** A row's amount as money, or 0 when it is empty or not yet a readable amount. */
export function rowAmount(row: AllocationRow | undefined): number {
  return typeof row?.amount === 'number' && Number.isFinite(row.amount) && row.amount > 0 ? row.amount : 0;
}

/** The editor's rows for `invoices`, each with the amount `allocations` gives it (else nothing). */
export function rowsFor(invoices: OpenInvoiceRow[], allocations: Allocation[]): AllocationRow[] {
  const given = new Map(allocations.map((a) => [a.invoiceId, a.amount]));
  return invoices.map((i) => ({ invoiceId: i.id, amount: given.get(i.id) ?? null }));
}

/** Do the rows give the same amounts as `allocations` (the rows untouched since it was applied)? */
export function sameAsAllocations(rows: AllocationRow[] | undefined, allocations: Allocation[]): boolean {
  const given = new Map(allocations.map((a) => [a.invoiceId, toMinor(a.amount)]));
  const chosen = (rows ?? []).filter((r) => rowAmount(r) > 0);
  return chosen.length === given.size && chosen.every((r) => given.get(r.invoiceId) === toMinor(rowAmount(r)));
}

/** What is sent: the rows with money, in the table's order, and which row each sent one came from. */
export function chosenAllocations(rows: AllocationRow[] | undefined): { allocations: Allocation[]; rowOf: number[] } {
  const allocations: Allocation[] = [];
  const rowOf: number[] = [];
  (rows ?? []).forEach((row, i) => {
    const amount = rowAmount(row);
    if (amount <= 0) return;
    allocations.push({ invoiceId: row.invoiceId, amount });
    rowOf.push(i);
  });
  return { allocations, rowOf };
}

/** The total given to the invoices, in money (summed in cents). */
export function allocatedTotal(rows: AllocationRow[] | undefined): number {
  return fromMinor((rows ?? []).reduce((sum, r) => sum + toMinor(rowAmount(r)), 0)) ?? 0;
}

/** `a - b` in money, exactly (in cents). */
export function minus(a: number, b: number): number {
  return fromMinor(toMinor(a) - toMinor(b)) ?? 0;
}

/**
 * The server's field errors with `allocations.<sent index>.<field>` moved to the row that sent it,
 * as `allocations.<row>.amount` (the row's one input); the other fields' errors as they are.
 */
export function errorsOnRows(errors: Record<string, string>, rowOf: number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const m = /^allocations\.(\d+)\.(amount|invoiceId)$/.exec(field);
    if (m && rowOf[Number(m[1])] !== undefined) out[`allocations.${rowOf[Number(m[1])]}.amount`] ??= message;
    else out[field] = message;
  }
  return out;
}
