// The quick order's lines on their way to the checkout (this browser session only): the quick order
// page keeps them here and opens /checkout?trade=1, whose quote and order send exactly these lines
// (a member's order does not go through the cart). Also who counts as a member on this page.
import type { ApiUser } from '@domain/api';

export interface QuickOrderLine {
  productId: number;
  variantId: number;
  quantity: number;
}

const KEY = 'trade-quick-order';

export function saveQuickOrder(lines: QuickOrderLine[]): void {
  try {
    if (lines.length) sessionStorage.setItem(KEY, JSON.stringify(lines));
    else sessionStorage.removeItem(KEY);
  } catch {
    /* private mode: the checkout then has nothing to show */
  }
}

export function savedQuickOrder(): QuickOrderLine[] {
  try {
    const raw = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.filter(
      (l): l is QuickOrderLine =>
        !!l && Number.isInteger(l.productId) && Number.isInteger(l.variantId) && Number.isInteger(l.quantity) && l.quantity > 0,
    );
  } catch {
    return [];
  }
}

/** A member of an approved company: `/auth/me`'s company when it says so, else the hint cookie the
 *  server sets for members (platform/http/tradeHint `vs_trade`). */
export function isTradeMember(user: (ApiUser & { company?: { status?: string } | null }) | null): boolean {
  if (!user) return false;
  if (user.company) return user.company.status === 'approved';
  return typeof document !== 'undefined' && /(?:^|;\s*)vs_trade=1/.test(document.cookie);
}
