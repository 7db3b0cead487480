// The stock figures committed since the app started, per variant: what a stock move left behind
// (its variant, product, the stock after it) and its order key (the id of the movement written in
// the same round trip: a variant's row lock makes those grow in commit order). The caches of the
// catalogue keep their answers across stock moves and bring the figures in them up to date from
// here (platform/cache/answerCache), instead of being dropped by every order. Fed by TableWrites
// once a transaction's COMMIT has answered, and by the broadcast for other instances' moves. A
// figure never goes back to an older move's (news from another instance may come late).

/** A committed stock move: the variant's stock after it, and its place among the variant's moves. */
export interface StockFigure {
  variantId: number;
  productId: number;
  stock: number;
  /** Grows with each move of the variant, in commit order. */
  seq: number;
}

interface Kept extends StockFigure {
  /** The ledger's count when this figure came in. */
  at: number;
}

export class StockLedger {
  /** Moves on with every figure taken in: an answer begun at `count` knows the figures up to it. */
  count = 0;
  private figures = new Map<number, Kept>();
  private movedListeners: Array<(moved: StockFigure[]) => void> = [];
  private rolledBackListeners: Array<() => void> = [];

  /** Take in committed figures; those older than what is known of their variant are left out. */
  record(figures: StockFigure[]) {
    const moved: StockFigure[] = [];
    for (const f of figures) {
      const known = this.figures.get(f.variantId);
      if (known && known.seq >= f.seq) continue;
      this.figures.set(f.variantId, { ...f, at: ++this.count });
      moved.push(f);
    }
    if (moved.length) for (const listener of this.movedListeners) listener(moved);
  }

  /** The variant's stock, if a move of it came in after `at` (an answer begun at `at` may not show it). */
  since(variantId: number, at: number): number | undefined {
    const kept = this.figures.get(variantId);
    return kept && kept.at > at ? kept.stock : undefined;
  }

  /** Hear each committed move (in the order they came in). */
  onMoved(listener: (moved: StockFigure[]) => void) {
    this.movedListeners.push(listener);
  }

  /** A transaction that moved stock rolled back: what was read inside it is not to be kept. */
  rolledBack() {
    for (const listener of this.rolledBackListeners) listener();
  }

  onRolledBack(listener: () => void) {
    this.rolledBackListeners.push(listener);
  }
}
