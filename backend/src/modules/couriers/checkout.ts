// The checkout's side of the office directory: an order that names `shipping.officeId` need not
// type a city or an address (they come from the office); without it, free text stays accepted.
import type { Rule, Shape } from '../../platform/http/validate';

export function namesOffice(body: unknown): boolean {
  const shipping = (body as { shipping?: { officeId?: unknown } } | null)?.shipping;
  return typeof shipping === 'object' && shipping !== null && shipping.officeId !== undefined && shipping.officeId !== null && shipping.officeId !== '';
}

/** The same checkout shape with shipping.city and shipping.address optional. */
export function withOfficeShipping(shape: Shape): Shape {
  const shipping = shape.shipping as Extract<Rule, { type: 'object' }>;
  const optional = (r: Rule): Rule => ({ ...(r as Extract<Rule, { type: 'string' }>), required: false, min: 0 });
  return { ...shape, shipping: { ...shipping, shape: { ...shipping.shape, city: optional(shipping.shape.city), address: optional(shipping.shape.address) } } };
}
