// The catalogue's events: what its writes declare (platform/events), for effects after commit.
declare module '../../platform/events' {
  interface ShopEvents {
    /** A product was created or changed through the one save (form, plain call, import, duplicate). */
    'product.saved': { productId: number };
  }
}

export {};
