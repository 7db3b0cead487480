// What the invoices area declares (platform/events): a document issued by staff, whose PDF goes to
// the buyer after the commit.
declare module '../../platform/events' {
  interface ShopEvents {
    'invoice.issued': { invoiceId: number };
  }
}

export {};
