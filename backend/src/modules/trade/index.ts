// The trade area's entrance: companies that buy for resale, their members and terms.
export * from './membership';
export * from './signInHint';
export * from './companies';
export { ownersOf, requireOwner } from './members';
export { refuseOnExpiredPermit, remindPermits } from './permits';
export { companyRoutes } from './companyRoutes';
export { subscribeTradeEvents } from './subscribers';
