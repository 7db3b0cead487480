// Checking what a shopper wants to buy against the catalogue: the product is on sale, the
// variant is the product's, each chosen value belongs to its attribute and is offered by the
// product, the quantity is in stock. Used by the cart, the cart merge and checkout, so the
// rules live here once. Prices always come from the database.
import type { Transaction } from 'objection';
import { buyRefusal, catalogueFacts, salesPolicy, SHOPPER, ProductFacts, tradeOnlyRefusal, type Visitor } from '../catalogue';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { LINE_BREAK, PERSONALIZATION_MAX } from '@domain/limits';
import { lineTotal } from '@domain/pricing';
import type { CartLine } from '@domain/schemas/cart';

/** A line as the shared schema reads it (a checkout's, a quote's, a cookie's or the server cart's). */
export type LineInput = CartLine;
export type LineAttributeInput = NonNullable<CartLine['attributes']>[number];

export interface ResolvedLine {
  productId: number;
  variantId: number;
  productName: string;
  productSlug: string;
  variantName: string;
  /** How a refusal names the line: the product, with the variant when it has several. */
  refusalName: string;
  sku: string;
  image: string | null;
  attributes: Array<{ attributeId: number; attributeValueId: number; name: string; value: string }>;
  personalization: string;
  quantity: number;
  /** stotinki */
  unitPrice: number;
  /** stotinki */
  lineTotal: number;
  /** null: not read (the caller's guarded stock take decides; ResolveOptions.stockTakenAfter). */
  stock: number | null;
}

/** Two lines are the same line when these match; their quantities then add up. */
export function lineKey(l: {
  productId: number;
  variantId?: number | null;
  attributes?: LineAttributeInput[] | null;
  personalization?: string | null;
}): string {
  const values = (l.attributes ?? [])
    .map((a) => a.attributeValueId)
    .sort((a, b) => a - b)
    .join(',');
  return `${l.productId}|${l.variantId ?? ''}|${values}|${(l.personalization ?? '').trim()}`;
}

export interface ResolveOptions {
  /** Refuse quantities above stock (409). Off only where the caller caps quantities itself. */
  checkStock?: boolean;
  /** Where to report an error, e.g. 'items.2' for a checkout line. */
  path?: (index: number) => string;
  /** The caller takes the stock itself with a guarded update that refuses what is not there
   *  (checkout): it is not read here, and the lines carry what is kept of it, if anything. */
  stockTakenAfter?: boolean;
  /** Who buys (catalogue/visibility decides what they may); a guest when not said. */
  visitor?: Visitor;
}

/** 409 for a line wanting more than the `stock` left, on the line's quantity field. */
export function stockRefusal(line: Pick<ResolvedLine, 'refusalName' | 'productName'>, stock: number, field: string) {
  return conflict(API.notEnoughStock(line.refusalName, stock), { [field]: API.notEnoughStock(line.productName, stock) });
}

/** Resolve lines (catalogue facts: kept in memory, or a constant number of queries). Throws a
 *  4xx naming the first problem. */
export async function resolveLines(inputs: LineInput[], trx?: Transaction, opts: ResolveOptions = {}): Promise<ResolvedLine[]> {
  if (inputs.length === 0) return [];
  const productIds = [...new Set(inputs.map((l) => l.productId))];
  const valueIds = [...new Set(inputs.flatMap((l) => (l.attributes ?? []).map((a) => a.attributeValueId)))];
  const [facts, sales] = await Promise.all([
    catalogueFacts(productIds, valueIds, trx, { readStock: !opts.stockTakenAfter }),
    salesPolicy(trx),
  ]);
  const where = (i: number, field: string) => (opts.path ? `${opts.path(i)}.${field}` : field);

  return inputs.map((input, i) => {
    const known = facts.products.get(input.productId);
    const refusal = known ? buyRefusal(known.product, opts.visitor ?? SHOPPER, sales) : 'unavailable';
    // The sales mode (ЗТТСТИ чл. 31а): 403 naming the law and the line.
    if (refusal === 'tradeOnly') throw tradeOnlyRefusal(where(i, 'productId'));
    if (!known || refusal) throw notFound(API.productUnavailable);
    const { product, variants: own } = known;
    let variant: ProductFacts['variants'][number] | undefined;
    if (input.variantId === undefined || input.variantId === null) {
      if (own.length !== 1) throw badRequest(API.chooseVariant, { [where(i, 'variantId')]: API.chooseVariant });
      variant = own[0];
    } else {
      variant = own.find((v) => v.id === input.variantId);
      if (!variant) throw badRequest(API.variantMismatch, { [where(i, 'variantId')]: API.variantMismatch });
    }

    const seen = new Set<number>();
    const chosen = (input.attributes ?? []).map((a) => {
      const value = facts.values.get(a.attributeValueId);
      if (!value || value.attributeId !== a.attributeId)
        throw badRequest(API.attributeMismatch, { [where(i, 'attributes')]: API.attributeMismatch });
      if (!known.offered.has(a.attributeValueId))
        throw badRequest(API.attributeNotOffered, { [where(i, 'attributes')]: API.attributeNotOffered });
      if (seen.has(a.attributeId)) throw badRequest(API.attributeTwice, { [where(i, 'attributes')]: API.attributeTwice });
      seen.add(a.attributeId);
      return {
        attributeId: a.attributeId,
        attributeValueId: a.attributeValueId,
        name: facts.attributeNames.get(a.attributeId) ?? '',
        value: value.value,
      };
    });

    const personalization = (input.personalization ?? '').trim();
    if (personalization.length > PERSONALIZATION_MAX)
      throw badRequest(API.personalizationTooLong, { [where(i, 'personalization')]: API.personalizationTooLong });
    // One line: it is printed in the order's e-mails (a guest cookie's lines come here unchecked).
    if (LINE_BREAK.test(personalization)) throw badRequest(API.singleLine, { [where(i, 'personalization')]: API.singleLine });
    const refusalName = own.length > 1 ? `${product.name} (${variant.name})` : product.name;
    if (opts.checkStock !== false && variant.stock !== null && input.quantity > variant.stock) {
      throw stockRefusal({ refusalName, productName: product.name }, variant.stock, where(i, 'quantity'));
    }
    const unitPrice = variant.price ?? product.price;
    return {
      productId: product.id,
      variantId: variant.id,
      productName: product.name,
      productSlug: product.slug,
      variantName: variant.name,
      refusalName,
      sku: variant.sku,
      image: known.image,
      attributes: chosen,
      personalization,
      quantity: input.quantity,
      unitPrice,
      lineTotal: lineTotal({ unitPrice, quantity: input.quantity }),
      stock: variant.stock,
    };
  });
}
