// The cart area's entrance: what other areas may use of it.
export * from './lines';
export * from './merge';
export * from './store';

import { onSignIn } from '../auth';
import { mergeGuestCartAtSignIn } from './merge';

/** The cart's part in other areas' doings: at sign-in, the guest's cookie cart joins the account's. */
export function subscribeCartEvents(): void {
  onSignIn('cart.mergeGuestCart', mergeGuestCartAtSignIn);
}
