// The quotes area's entrance: a member's requests for a price on a large basket, staff's answers,
// and the one order an answered quote becomes (through the checkout).
export { quoteRoutes } from './quoteRoutes';
export { subscribeQuoteEvents } from './subscribers';
export { forgetRequester, memberTerms, quoteView } from './service';
