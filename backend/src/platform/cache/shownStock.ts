// What a rendered page shows of stock, so it is dropped only when that changes: a product page
// shows its variants' figures („Остават само 3 бр.“, the quantity that may be added), a list
// shows only whether each product has any („Изчерпан“). The page keeps the figures it was made
// of and follows the committed moves of its variants (platform/cache/stockLedger).
import type { StockLedger } from './stockLedger';

interface Group {
  /** Every figure is shown: any change makes the page stale. Else only whether the sum is above 0. */
  exact: boolean;
  shown: Map<number, number>;
  now: Map<number, number>;
}

export class ShownStock {
  private groups: Group[] = [];
  private byVariant = new Map<number, Group[]>();
  /** The stock ledger's count the figures here are known up to. */
  private at: number;
  stale = false;

  constructor(at: number) {
    this.at = at;
  }

  /** A product as the page shows it: its variants' figures, each shown or only whether any is left. */
  add(exact: boolean, figures: Array<[variantId: number, stock: number]>) {
    const group: Group = { exact, shown: new Map(figures), now: new Map(figures) };
    this.groups.push(group);
    for (const [variantId] of figures) {
      const list = this.byVariant.get(variantId) ?? [];
      list.push(group);
      this.byVariant.set(variantId, list);
    }
  }

  get empty(): boolean {
    return this.groups.length === 0;
  }

  variants(): Iterable<number> {
    return this.byVariant.keys();
  }

  /** Take in the moves committed since the page's figures were known; true while it still shows them. */
  catchUp(ledger: StockLedger): boolean {
    if (this.stale || ledger.count === this.at) return !this.stale;
    for (const [variantId, groups] of this.byVariant) {
      const stock = ledger.since(variantId, this.at);
      if (stock === undefined) continue;
      for (const g of groups) {
        g.now.set(variantId, stock);
        if (g.exact ? stock !== g.shown.get(variantId) : available(g.now) !== available(g.shown)) this.stale = true;
      }
    }
    this.at = ledger.count;
    return !this.stale;
  }
}

function available(figures: Map<number, number>): boolean {
  for (const stock of figures.values()) if (stock > 0) return true;
  return false;
}
