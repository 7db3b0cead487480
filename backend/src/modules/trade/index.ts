// The trade area's entrance (issue 27): companies that buy for resale, their members and terms.
export * from './membership';
export * from './signInHint';
