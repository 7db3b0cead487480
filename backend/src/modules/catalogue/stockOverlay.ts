// The stock figures in a kept catalogue answer, brought up to date after committed stock moves
// (platform/cache/answerCache): each moved variant's `stock`, then its product's `stock` (their
// sum) and `inStock`, as productViews makes them. Lists, one product, a member's answers: any
// product found in the answer (itself, in an array, or one level down, as `{ products: [...] }`).
import type { StockOverlay } from '../../platform/cache/answerCache';

interface Shown {
  variants: Array<{ id: number; stock: number }>;
  stock: number;
  inStock: boolean;
}

const isProduct = (o: Record<string, unknown>): o is Record<string, unknown> & Shown =>
  Array.isArray(o.variants) && typeof o.inStock === 'boolean' && typeof o.stock === 'number';

function overlayProduct(p: Shown, figure: (variantId: number) => number | undefined): boolean {
  let changed = false;
  for (const v of p.variants) {
    const stock = figure(v.id);
    if (stock !== undefined && stock !== v.stock) {
      v.stock = stock;
      changed = true;
    }
  }
  if (!changed) return false;
  p.stock = p.variants.reduce((sum, v) => sum + v.stock, 0);
  p.inStock = p.stock > 0;
  return true;
}

function overlay(value: unknown, figure: (variantId: number) => number | undefined, depth: number): boolean {
  if (depth > 2 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    let changed = false;
    for (const item of value) if (overlay(item, figure, depth + 1)) changed = true;
    return changed;
  }
  const o = value as Record<string, unknown>;
  if (isProduct(o)) return overlayProduct(o, figure);
  let changed = false;
  for (const inner of Object.values(o))
    if (inner !== null && typeof inner === 'object' && overlay(inner, figure, depth + 1)) changed = true;
  return changed;
}

export const overlayStock: StockOverlay = (value, figure) => overlay(value, figure, 0);
