// The auth area's entrance: what other areas may use of it.
export * from './middleware';
export * from './passwords';
export * from './sessions';
export * from './users';
export { onSignIn } from './signInSteps';
export { addressProven, countRegistrationLink, newVerificationLink } from './emailVerification';
