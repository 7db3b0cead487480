// The signed-in shopper's server cart: what the cart page shows, and adding, editing and
// removing lines. Every change is checked by resolveLines (the catalogue rules live there once)
// and two lines that are "the same" (lineKey) always become one line.
import type { Transaction } from 'objection';
import { CartItem } from '../../models/CartItem';
import { CartItemAttribute } from '../../models/CartItemAttribute';
import { User } from '../../models/User';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { fromMinor } from '@domain/money';
import { ADD_TO_CART_DEFAULT_QUANTITY, CART_LINES_MAX, QUANTITY_MAX } from '@domain/limits';
import { lineAmounts, lineTotal, SHOP_VAT_PERCENT } from '@domain/pricing';
import { cartLinesOf, StoredLine } from './store';
import { isPostgres } from '../../platform/db/knex';
import { buyRefusal, catalogueFacts, salesPolicy, SHOPPER, tradeUnitPrices, type Visitor } from '../catalogue';
import { SALES_TEXT } from '@domain/salesModeTexts';

/** Who changes or views the cart (ctx.state.visitor): what they may buy is the catalogue's policy. */
export type CartVisitor = Visitor;
import { lineKey, resolveLines, LineInput, ResolvedLine } from './lines';
import type { CartAdd, CartEdit } from '@domain/schemas/cart';
import { concurrently } from '../../platform/db/concurrently';

export interface CartLineView {
  id: number;
  productId: number;
  variantId: number | null;
  quantity: number;
  personalization: string;
  attributes: Array<{
    id: number;
    cartItemId: number;
    attributeId: number;
    attributeValueId: number;
    attributeValue: string;
    attributeName: string;
  }>;
  productName: string;
  productSlug: string;
  image: string | null;
  variantName: string;
  sku: string;
  /** decimal BGN; null for a line the sales mode refuses the visitor (saleRestricted) */
  unitPrice: number | null;
  /** decimal BGN; null as unitPrice */
  lineTotal: number | null;
  stock: number;
  available: boolean;
  /** Only on a regulated product in trade_only for a visitor who is not a trade member: it cannot
   *  be ordered, its price is not shown, `refusal` says why (ЗТТСТИ чл. 31а). */
  saleRestricted?: true;
  refusal?: string;
}

export interface CartView {
  cartItems: CartLineView[];
  /** Sum of the quantities of all lines (the header badge). */
  count: number;
  /** decimal BGN, the lines that can be bought now */
  subtotal: number;
}

/**
 * The cart as the cart page shows it, in a constant number of queries. Lines whose product was
 * taken off sale stay listed with available=false, so the shopper sees why they cannot order them.
 */
export async function cartView(userId: number, trx?: Transaction, visitor: Visitor = SHOPPER): Promise<CartView> {
  return linesView(await cartLinesOf(userId, trx), trx, visitor);
}

/** A line as stored on the server or kept in the guest cookie (whose ids are times). */
export interface ViewableLine {
  id: number;
  productId: number;
  variantId?: number | null;
  quantity: number;
  personalization?: string | null;
  attributes: Array<{ id?: number; cartItemId?: number; attributeId: number; attributeValueId: number }>;
}

/** The cart page's view of any lines: the server cart's, or a guest's cookie lines (preview). */
export async function linesView(lines: ViewableLine[], trx?: Transaction, visitor: Visitor = SHOPPER): Promise<CartView> {
  if (!lines.length) return { cartItems: [], count: 0, subtotal: 0 };
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const valueIds = [...new Set(lines.flatMap((l) => l.attributes.map((a) => a.attributeValueId)))];
  const [facts, sales] = await concurrently(trx, [() => catalogueFacts(productIds, valueIds, trx), () => salesPolicy(trx)] as const);
  // A member of an approved company sees the lines at their price list's net prices, as the quote
  // prices them (catalogue/tradePrices), labelled without VAT.
  const netPrices = visitor.trade ? await memberUnitPrices(lines, facts, visitor.trade.priceListId, trx) : null;

  let count = 0;
  let subtotal = 0;
  // A guest's cookie may name products that no longer exist: those lines are left out.
  const cartItems = lines
    .filter((line) => facts.products.has(line.productId))
    .map((line): CartLineView => {
      const { product, variants: own, image } = facts.products.get(line.productId)!;
      const variant = lineVariant(line, own);
      const net = netPrices && variant ? netPrices.get(line.id) : undefined;
      const unitPrice = net ?? variant?.price ?? product.price;
      const amount =
        net !== undefined
          ? lineAmounts({ unitMinor: net, quantity: line.quantity, vatPercent: SHOP_VAT_PERCENT, pricesInclude: 'net' }).net
          : lineTotal({ unitPrice, quantity: line.quantity });
      const stock = variant?.stock ?? 0;
      const refusal = buyRefusal(product, visitor, sales);
      const restricted = refusal === 'tradeOnly';
      const available = !refusal && !!variant && stock > 0;
      count += line.quantity;
      if (available) subtotal += amount;
      return {
        id: line.id,
        productId: line.productId,
        variantId: line.variantId ?? null,
        quantity: line.quantity,
        personalization: line.personalization ?? '',
        attributes: line.attributes.map((a) => ({
          id: a.id ?? 0,
          cartItemId: a.cartItemId ?? line.id,
          attributeId: a.attributeId,
          attributeValueId: a.attributeValueId,
          attributeValue: facts.values.get(a.attributeValueId)?.value ?? '',
          attributeName: facts.attributeNames.get(a.attributeId) ?? '',
        })),
        productName: product.name,
        productSlug: product.slug,
        image,
        variantName: variant?.name ?? '',
        sku: variant?.sku ?? '',
        // A line the sales mode refuses keeps no price (a cart from before the switch).
        unitPrice: restricted ? null : fromMinor(unitPrice)!,
        lineTotal: restricted ? null : fromMinor(amount)!,
        ...(net !== undefined ? { pricesInclude: 'net' as const } : {}),
        stock,
        available,
        ...(restricted ? { saleRestricted: true as const, refusal: SALES_TEXT.tradeOnlyRefusal } : {}),
      };
    });
  return { cartItems, count, subtotal: fromMinor(subtotal)! };
}

/** A line's variant: the one it names, else the product's only one. */
function lineVariant<V extends { id: number }>(line: { variantId?: number | null }, own: V[]): V | undefined {
  return line.variantId ? own.find((v) => v.id === line.variantId) : own.length === 1 ? own[0] : undefined;
}

/** The member's net unit price of each line (minor units) by its quantity (quantity breaks), by
 *  line id. */
async function memberUnitPrices(
  lines: ViewableLine[],
  facts: Awaited<ReturnType<typeof catalogueFacts>>,
  priceListId: number | null,
  trx?: Transaction,
): Promise<Map<number, number>> {
  const priced: Array<{ lineId: number; variantId: number; retailGross: number; quantity: number }> = [];
  for (const line of lines) {
    const known = facts.products.get(line.productId);
    const variant = known && lineVariant(line, known.variants);
    if (known && variant)
      priced.push({ lineId: line.id, variantId: variant.id, retailGross: variant.price ?? known.product.price, quantity: line.quantity });
  }
  const prices = await tradeUnitPrices(priceListId, priced, trx);
  return new Map(priced.map((p, i) => [p.lineId, prices[i]]));
}

/** A line to add and a line's change, as their schemas read them. */
export type AddInput = CartAdd;
export type EditInput = CartEdit;

/** Run a cart change in one transaction, one change per user at a time (a row lock on
 *  PostgreSQL; SQLite runs one transaction at a time anyway). */
function changeCart<T>(userId: number, work: (trx: Transaction) => Promise<T>): Promise<T> {
  return CartItem.transaction(async (trx) => {
    if (isPostgres(trx)) await User.query(trx).select('id').findById(userId).forUpdate();
    return work(trx);
  });
}

/** Checks the line against the catalogue (not the stock yet): the 4xx names the problem. */
async function resolveOne(input: LineInput, trx: Transaction, visitor: Visitor): Promise<ResolvedLine> {
  const [line] = await resolveLines([input], trx, { checkStock: false, visitor });
  return line;
}

/** Refuses (409, resolveLines' stock message) a total quantity above the variant's stock,
 *  and (400) one above the most a line may hold. */
async function checkStockFor(line: ResolvedLine, quantity: number, trx: Transaction, visitor: Visitor): Promise<void> {
  await resolveLines([{ ...asInput(line), quantity }], trx, { visitor });
  if (quantity > QUANTITY_MAX) throw badRequest(API.atMost(QUANTITY_MAX), { quantity: API.atMost(QUANTITY_MAX) });
}

function asInput(line: ResolvedLine): LineInput {
  return {
    productId: line.productId,
    variantId: line.variantId,
    attributes: line.attributes.map((a) => ({ attributeId: a.attributeId, attributeValueId: a.attributeValueId })),
    personalization: line.personalization,
    quantity: line.quantity,
  };
}

/** A new line with its attribute choices, as stored. The line was checked by resolveLines and
 *  the quantity by the caller: nothing is left for the model to validate. */
export async function insertLine(userId: number, line: ResolvedLine, quantity: number, trx: Transaction): Promise<StoredLine> {
  const [item] = await CartItem.insertComposed(trx, [
    { userId, productId: line.productId, variantId: line.variantId, quantity, personalization: line.personalization },
  ]);
  return {
    id: item.id,
    productId: item.productId,
    variantId: item.variantId,
    quantity,
    personalization: item.personalization,
    attributes: await insertAttributes(item.id, line, trx),
  };
}

async function insertAttributes(cartItemId: number, line: ResolvedLine, trx: Transaction): Promise<StoredLine['attributes']> {
  const rows = await CartItemAttribute.insertComposed(
    trx,
    line.attributes.map((a) => ({ cartItemId, attributeId: a.attributeId, attributeValueId: a.attributeValueId })),
  );
  return rows.map((a) => ({ id: a.id, cartItemId, attributeId: a.attributeId, attributeValueId: a.attributeValueId }));
}

/** Adds to the cart; the same line adds up, as long as the stock allows the total. What the
 *  visitor may buy is the catalogue's policy (403 for a regulated product in trade_only). */
export async function addToCart(userId: number, input: AddInput, visitor: Visitor = SHOPPER): Promise<CartView> {
  return changeCart(userId, async (trx) => {
    const quantity = input.quantity ?? ADD_TO_CART_DEFAULT_QUANTITY;
    const line = await resolveOne(
      {
        productId: input.productId,
        variantId: input.variantId ?? null,
        attributes: input.attributes ?? [],
        personalization: input.personalization ?? '',
        quantity,
      },
      trx,
      visitor,
    );
    const lines = await cartLinesOf(userId, trx);
    const existing = lines.find((l) => lineKey(l) === lineKey(line));
    if (!existing && lines.length >= CART_LINES_MAX) throw conflict(API.cartTooManyLines, { productId: API.cartTooManyLines });
    const total = (existing?.quantity ?? 0) + quantity;
    await checkStockFor(line, total, trx, visitor);
    if (existing) {
      await CartItem.query(trx)
        .patch({ quantity: total } as Partial<CartItem>)
        .findById(existing.id);
      existing.quantity = total;
    } else {
      lines.push(await insertLine(userId, line, quantity, trx));
    }
    // The lines as they now are: no second read.
    return linesView(lines, trx, visitor);
  });
}

/** Changes only the fields sent; the result is checked again. A line that becomes the same as
 *  another one is merged into it (quantities add, within the stock). */
export async function editCartItem(userId: number, itemId: number, input: EditInput, visitor: Visitor = SHOPPER): Promise<CartView> {
  return changeCart(userId, async (trx) => {
    const lines = await cartLinesOf(userId, trx);
    const current = lines.find((l) => l.id === itemId);
    if (!current) throw notFound(API.cartItemNotFound);
    const quantity = input.quantity ?? current.quantity;
    const line = await resolveOne(
      {
        productId: current.productId,
        variantId: input.variantId !== undefined && input.variantId !== null ? input.variantId : current.variantId,
        attributes: input.attributes?.length ? input.attributes : current.attributes,
        personalization: input.personalization === undefined ? current.personalization : (input.personalization ?? ''),
        quantity,
      },
      trx,
      visitor,
    );
    const twin = lines.find((l) => l.id !== itemId && lineKey(l) === lineKey(line));
    const total = quantity + (twin?.quantity ?? 0);
    await checkStockFor(line, total, trx, visitor);
    if (twin) await CartItem.query(trx).delete().where({ id: twin.id, userId });
    await CartItem.query(trx)
      .patch({ quantity: total, variantId: line.variantId, personalization: line.personalization } as Partial<CartItem>)
      .where({ id: itemId, userId });
    if (input.attributes?.length) {
      await CartItemAttribute.query(trx).delete().where({ cartItemId: itemId });
      await insertAttributes(itemId, line, trx);
    }
    return cartView(userId, trx, visitor);
  });
}

export async function removeCartItem(userId: number, itemId: number, visitor: Visitor = SHOPPER): Promise<CartView> {
  return changeCart(userId, async (trx) => {
    const removed = await CartItem.query(trx).delete().where({ id: itemId, userId });
    if (!removed) throw notFound(API.cartItemNotFound);
    return cartView(userId, trx, visitor);
  });
}

export async function clearCart(userId: number): Promise<CartView> {
  await CartItem.query().delete().where({ userId });
  return { cartItems: [], count: 0, subtotal: 0 };
}
