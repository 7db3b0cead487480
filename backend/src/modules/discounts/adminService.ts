// The staff's discount codes (react-admin's dialect): the list, and a code created, changed or
// deleted with the rules that span fields (a percentage is 1–100, a fixed amount is stored in
// minor units, the end after the start).
import { Discount, DISCOUNT_TYPES, DiscountType } from '../../models/Discount';
import { badRequest, notFound } from '../../platform/http/errors';
import { claimVersion } from '../../platform/db/versions';
import { filterBy, raPage, whereContains, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { API } from '@domain/messages';
import { toMinor } from '@domain/money';
import { normalizeCode } from './service';
import type { DiscountChange, DiscountInput } from '@domain/schemas/discounts';

export const discountListSpec: RaListSpec = {
  idColumn: 'id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: {
    id: 'id',
    code: 'code',
    type: 'type',
    value: 'value',
    usedCount: 'usedCount',
    startsAt: 'startsAt',
    endsAt: 'endsAt',
    active: 'active',
    createdAt: 'createdAt',
  },
  filters: {
    q: (qb, value) => {
      if (typeof value !== 'string') throw badRequest(API.invalidFilter, { 'filter.q': API.invalidFilter });
      if (value.trim()) whereContains(qb, 'code', normalizeCode(value));
    },
    type: filterBy.equals('type', DISCOUNT_TYPES),
    active: (qb, value) => qb.where('active', value === true || value === 'true'),
  },
};

/** Turn the form's value into what is stored, after the rules that span fields. The value is a
 *  percent or an amount in euro (minor units once its type is known); the minimum is minor units. */
function storedChanges(input: Omit<DiscountChange, 'version'>, current?: Discount): Partial<Discount> {
  const type: DiscountType = input.type ?? current!.type;
  const { value: _typed, ...rest } = input;
  const out: Partial<Discount> = rest;
  if (input.code !== undefined) out.code = normalizeCode(input.code);
  if (type === 'free_shipping') out.value = 0;
  else if (input.value !== undefined || input.type !== undefined) {
    const raw = input.value ?? (current ? (current.type === 'fixed' ? current.value / 100 : current.value) : undefined);
    if (raw === undefined || raw <= 0) throw badRequest(API.discountValueRequired, { value: API.discountValueRequired });
    if (type === 'percent' && (!Number.isInteger(raw) || raw < 1 || raw > 100))
      throw badRequest(API.discountPercentRange, { value: API.discountPercentRange });
    out.value = type === 'fixed' ? toMinor(raw) : raw;
  }
  const startsAt = input.startsAt !== undefined ? input.startsAt : current?.startsAt;
  const endsAt = input.endsAt !== undefined ? input.endsAt : current?.endsAt;
  if (startsAt && endsAt && endsAt <= startsAt) throw badRequest(API.discountEndsBeforeStart, { endsAt: API.discountEndsBeforeStart });
  return out;
}

export async function findDiscount(id: number): Promise<Discount> {
  const d = await Discount.query().findById(id);
  if (!d) throw notFound(API.discountNotFound);
  return d;
}

export async function listDiscounts(params: RaListParams): Promise<{ rows: Discount[]; total: number }> {
  return raPage(Discount.query(), params, discountListSpec);
}

/** A new code (active, no minimum unless said); a duplicate code is a 409 naming the field (the
 *  error middleware knows the constraint). */
export async function createDiscount(input: DiscountInput): Promise<Discount> {
  return Discount.query().insertAndFetch(storedChanges({ active: true, minSubtotal: 0, ...input }));
}

/** A change; with `version` (the copy's), refused with 409 when the code has changed since. The
 *  uses counted by orders are not a change of the code: they leave its version alone. */
export async function updateDiscount(id: number, input: DiscountChange): Promise<Discount> {
  const { version, ...changes } = input;
  await findDiscount(id);
  return Discount.transaction(async (trx) => {
    await claimVersion(trx, { table: 'discounts', id, audit: ['discounts'] }, version);
    const current = (await Discount.query(trx).findById(id))!;
    return Discount.query(trx).patchAndFetchById(id, storedChanges(changes, current));
  });
}

export async function deleteDiscount(id: number): Promise<Discount> {
  const d = await findDiscount(id);
  await Discount.query().deleteById(d.id);
  return d;
}
