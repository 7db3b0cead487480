// Cart state (spec §4, §5). Guests: the `cart` cookie. Signed-in shoppers: the server cart
// (the guest cookie is merged by the server at sign-in and removed here once the server cart
// has loaded); on a load failure the cookie cart stands in and the shopper is told. After every
// edit the cart is reloaded; when signed in it is also refreshed after every route change.
// An add is reported as done only once the cart kept it: a guest's line that the cookie cannot
// hold, or a quantity above the stock, is refused with a message (the server does the same).
import { createContext, ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { shopApi, lineInput } from '../api/shop';
import { useAuth } from './auth';
import { toast } from './toast';
import { cartCount, cartFitsCookie, newLineId, readCartCookie, removeCartCookie, sameLine, writeCartCookie } from './cartCookie';
import { API, SHOP, STOREFRONT } from '../../../domain/messages';
import { ADD_TO_CART_DEFAULT_QUANTITY } from '../../../domain/limits';
import type { CartLine, CartLineAttribute } from '../../../domain/api';

export interface NewLine {
  productId: number;
  variantId: number | null;
  attributes?: CartLineAttribute[];
  quantity?: number;
  personalization?: string;
}

export interface LineChanges {
  quantity?: number;
  variantId?: number | null;
  attributes?: CartLineAttribute[];
  personalization?: string;
}

/** What became of an add: kept, or refused with the reason shown to the shopper. */
export type AddResult = { ok: true } | { ok: false; reason: 'full' | 'stock'; message: string };

function refuse(reason: 'full' | 'stock', message: string): AddResult {
  toast.error(message);
  return { ok: false, reason, message };
}

export interface CartState {
  /** The lines with the server's read-outs (names, prices, stock) once known. */
  items: CartLine[];
  count: number;
  subtotal: number;
  loading: boolean;
  /** Resolves only once the cart kept the line ({ ok: true }) or it was refused and said so. */
  add(line: NewLine): Promise<AddResult>;
  edit(id: number, changes: LineChanges): Promise<void>;
  remove(id: number): Promise<void>;
  clear(): Promise<void>;
  reload(): Promise<void>;
  /** After an order: the cart is empty (the server emptied its own). */
  forgetOrdered(): void;
}

const CartContext = createContext<CartState | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const { user, loading: authLoading } = useAuth();
  const [items, setItems] = useState<CartLine[]>([]);
  const [subtotal, setSubtotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const location = useLocation();
  const signedIn = !!user;
  const seq = useRef(0);

  /** Guests: the cookie's lines, described and priced by the server when it answers. */
  const loadGuest = useCallback(async () => {
    const lines = readCartCookie();
    setItems(lines);
    if (!lines.length) {
      setSubtotal(0);
      return;
    }
    try {
      const view = await shopApi.cartPreview(lines);
      setItems(lines.map((l) => view.cartItems.find((v) => v.id === l.id) ?? l));
      setSubtotal(view.subtotal);
    } catch {
      /* the lines still show, without prices */
    }
  }, []);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    if (!signedIn) {
      await loadGuest();
      setLoading(false);
      return;
    }
    try {
      const view = await shopApi.cart();
      if (mine !== seq.current) return;
      setItems(view.cartItems);
      setSubtotal(view.subtotal);
      removeCartCookie();
    } catch {
      if (mine !== seq.current) return;
      toast.error(STOREFRONT.cartLoadFailed);
      await loadGuest();
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [signedIn, loadGuest]);

  // On sign-in/out and on every route change while signed in.
  useEffect(() => {
    if (authLoading) return;
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authLoading, signedIn, signedIn ? location.key : null]);

  const add = useCallback(async (line: NewLine): Promise<AddResult> => {
    const quantity = line.quantity ?? ADD_TO_CART_DEFAULT_QUANTITY;
    const attributes = (line.attributes ?? []).map((a) => ({ attributeId: a.attributeId, attributeValueId: a.attributeValueId }));
    const personalization = line.personalization ?? '';
    if (signedIn) {
      // The server refuses (409, "Налични: N бр.") a total above the stock; the client toasts it.
      await shopApi.cartAdd(lineInput({ productId: line.productId, variantId: line.variantId, quantity, personalization, attributes }));
      toast.success(STOREFRONT.addedToCartOk);
      await reload();
      return { ok: true };
    }
    const lines = readCartCookie();
    const candidate = { productId: line.productId, variantId: line.variantId, attributes, personalization };
    const same = lines.find((l) => sameLine(l, candidate));
    const changed = same ? lines.map((l) => (l === same ? { ...l, quantity: l.quantity + quantity } : l)) : [...lines, { id: newLineId(lines), ...candidate, quantity }];
    const target = same ? same.id : changed[changed.length - 1].id;
    if (!cartFitsCookie(changed)) return refuse('full', SHOP.guestCartFull);
    // The stock, as the server sees it now, for the whole line (what was in the cart included).
    try {
      const view = await shopApi.cartPreview(changed);
      const mine = view.cartItems.find((v) => v.id === target);
      if (mine && mine.stock !== undefined && mine.quantity > mine.stock) {
        const name = mine.variantName && mine.productName ? `${mine.productName} (${mine.variantName})` : mine.productName ?? '';
        return refuse('stock', API.notEnoughStock(name, mine.stock));
      }
    } catch {
      /* no answer: the order checks the stock again */
    }
    if (!writeCartCookie(changed)) return refuse('full', SHOP.guestCartFull);
    toast.success(STOREFRONT.addedToCart);
    await reload();
    return { ok: true };
  }, [signedIn, reload]);

  const edit = useCallback(async (id: number, changes: LineChanges) => {
    if (signedIn) {
      // Only what is provided is sent; attributes only when non-empty (spec §5).
      const body: Record<string, unknown> = {};
      if (changes.quantity !== undefined) body.quantity = changes.quantity;
      if (changes.variantId !== undefined) body.variantId = changes.variantId;
      if (changes.attributes && changes.attributes.length) body.attributes = changes.attributes.map((a) => ({ attributeId: a.attributeId, attributeValueId: a.attributeValueId }));
      if (changes.personalization !== undefined) body.personalization = changes.personalization;
      await shopApi.cartEdit(id, body);
      toast.success(STOREFRONT.cartEdited);
      await reload();
      return;
    }
    const lines = readCartCookie();
    const line = lines.find((l) => l.id === id);
    if (!line) {
      toast.error(STOREFRONT.cartEditFailed);
      return;
    }
    Object.assign(line, Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)));
    if (!writeCartCookie(lines)) {
      toast.error(SHOP.guestCartFull);
      return;
    }
    toast.success(STOREFRONT.cartEdited);
    await reload();
  }, [signedIn, reload]);

  const remove = useCallback(async (id: number) => {
    if (signedIn) await shopApi.cartRemove(id);
    else writeCartCookie(readCartCookie().filter((l) => l.id !== id));
    toast.success(STOREFRONT.cartRemoved);
    await reload();
  }, [signedIn, reload]);

  const clear = useCallback(async () => {
    if (signedIn) await shopApi.cartClear();
    else removeCartCookie();
    toast.success(STOREFRONT.cartCleared);
    await reload();
  }, [signedIn, reload]);

  const forgetOrdered = useCallback(() => {
    removeCartCookie();
    setItems([]);
    setSubtotal(0);
  }, []);

  const value = useMemo(
    () => ({ items, count: cartCount(items), subtotal, loading, add, edit, remove, clear, reload, forgetOrdered }),
    [items, subtotal, loading, add, edit, remove, clear, reload, forgetOrdered],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart outside CartProvider');
  return ctx;
}
