// What the quotes area declares (platform/events): the staff's notice and mail of a request, and the
// member's mail of an answer or a refusal, run after the transaction that made the change commits.
declare module '../../platform/events' {
  interface ShopEvents {
    /** A member asked for a quote (POST /trade/quote-requests). */
    'quote.requested': { quoteId: number; companyId: number };
    /** Staff answered it with prices and a validity date (again, when re-answered). */
    'quote.answered': { quoteId: number; companyId: number };
    /** Staff declined it, with a reason. */
    'quote.declined': { quoteId: number; companyId: number };
  }
}

export {};
