// The checkout's side of the office directory: an order that names `shipping.officeId` need not
// type a city or an address (they come from the office: domain/schemas/checkout's
// officeCheckoutInput); without it, free text stays accepted.

export function namesOffice(body: unknown): boolean {
  const shipping = (body as { shipping?: { officeId?: unknown } } | null)?.shipping;
  return (
    typeof shipping === 'object' &&
    shipping !== null &&
    shipping.officeId !== undefined &&
    shipping.officeId !== null &&
    shipping.officeId !== ''
  );
}
