// Cart state. Guests: the `cart` cookie. Signed-in shoppers: the server cart
// (the guest cookie is merged by the server at sign-in and removed here once the server cart
// has loaded); on a load failure the cookie cart stands in and the shopper is told. When signed
// in the cart is refreshed after every route change.
// One request per cart action: every change of the server cart answers the whole cart, and that
// answer is what is shown (no second read); a guest's change is priced by one preview. Answers
// are numbered in the order their requests left: one older than the answer on screen is dropped,
// so two quick clicks end in the state of the later one.
// An add is reported as done only once the cart kept it: a guest's line that the cookie cannot
// hold, or a quantity above the stock, is refused with a message (the server does the same).
import { createContext, ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { shopApi, lineInput } from '../api/shop';
import { useAuth } from './auth';
import { toast } from './toast';
import { cartCount, cartFitsCookie, newLineId, readCartCookie, removeCartCookie, sameLine, writeCartCookie } from './cartCookie';
import { API, SHOP, STOREFRONT } from '@domain/messages';
import { ADD_TO_CART_DEFAULT_QUANTITY } from '@domain/limits';
import type { CartAnswer, CartLine, CartLineAttribute } from '@domain/api';

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

/** The cookie's lines with the read-outs (names, prices, stock) the server answered for them. */
function describedLines(lines: CartLine[], view: CartAnswer): CartLine[] {
  return lines.map((l) => view.cartItems.find((v) => v.id === l.id) ?? l);
}

/** Whether an answer to a change carries the cart (this server's always do; a server answering
 *  only its message gets the cart read once more). */
function carriesCart(answer: unknown): answer is CartAnswer {
  return !!answer && Array.isArray((answer as CartAnswer).cartItems) && typeof (answer as CartAnswer).subtotal === 'number';
}

export function CartProvider({ children }: { children: ReactNode }) {
  const { user, loading: authLoading } = useAuth();
  const [items, setItems] = useState<CartLine[]>([]);
  const [subtotal, setSubtotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const location = useLocation();
  const signedIn = !!user;
  /** The number of the last request sent, and of the answer on screen. */
  const sent = useRef(0);
  const shown = useRef(0);

  const nextRequest = useCallback(() => ++sent.current, []);

  /** Shows request n's cart unless the answer of a later request is on screen already. */
  const show = useCallback((n: number, lines: CartLine[], total?: number): boolean => {
    if (n < shown.current) return false;
    shown.current = n;
    setItems(lines);
    if (total !== undefined) setSubtotal(total);
    return true;
  }, []);

  /** Guests: the cookie's lines at once, then described and priced by the server's one answer. */
  const showGuest = useCallback(
    async (n: number, lines: CartLine[]) => {
      show(n, lines, lines.length ? undefined : 0);
      if (!lines.length) return;
      try {
        const view = await shopApi.cartPreview(lines);
        show(n, describedLines(lines, view), view.subtotal);
      } catch {
        /* the lines still show, without prices */
      }
    },
    [show],
  );

  const reload = useCallback(async () => {
    const n = nextRequest();
    if (!signedIn) {
      await showGuest(n, readCartCookie());
      setLoading(false);
      return;
    }
    try {
      const view = await shopApi.cart();
      show(n, view.cartItems, view.subtotal);
      removeCartCookie();
    } catch {
      if (n < shown.current) return;
      toast.error(STOREFRONT.cartLoadFailed);
      await showGuest(n, readCartCookie());
    } finally {
      setLoading(false);
    }
  }, [signedIn, nextRequest, show, showGuest]);

  /** A change of the server cart: its answer is the cart now. */
  const showChanged = useCallback(
    async (n: number, answer: unknown) => {
      if (carriesCart(answer)) show(n, answer.cartItems, answer.subtotal);
      else await reload();
    },
    [show, reload],
  );

  // On sign-in/out and on every route change while signed in.
  useEffect(() => {
    if (authLoading) return;
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authLoading, signedIn, signedIn ? location.key : null]);

  const add = useCallback(
    async (line: NewLine): Promise<AddResult> => {
      const quantity = line.quantity ?? ADD_TO_CART_DEFAULT_QUANTITY;
      const attributes = (line.attributes ?? []).map((a) => ({ attributeId: a.attributeId, attributeValueId: a.attributeValueId }));
      const personalization = line.personalization ?? '';
      const n = nextRequest();
      if (signedIn) {
        // The server refuses (409, "Налични: N бр."; 409 past the most lines a cart holds) and the
        // client toasts it; otherwise it answers the whole cart.
        const answer = await shopApi.cartAdd(
          lineInput({ productId: line.productId, variantId: line.variantId, quantity, personalization, attributes }),
        );
        toast.success(STOREFRONT.addedToCartOk);
        await showChanged(n, answer);
        return { ok: true };
      }
      const lines = readCartCookie();
      const candidate = { productId: line.productId, variantId: line.variantId, attributes, personalization };
      const same = lines.find((l) => sameLine(l, candidate));
      const changed = same
        ? lines.map((l) => (l === same ? { ...l, quantity: l.quantity + quantity } : l))
        : [...lines, { id: newLineId(lines), ...candidate, quantity }];
      const target = same ? same.id : changed[changed.length - 1].id;
      if (!cartFitsCookie(changed)) return refuse('full', SHOP.guestCartFull);
      // The stock, as the server sees it now, for the whole line (what was in the cart included).
      // The same answer describes and prices the cart that is then shown.
      let view: CartAnswer | null = null;
      try {
        view = await shopApi.cartPreview(changed);
        const mine = view.cartItems.find((v) => v.id === target);
        if (mine && mine.stock !== undefined && mine.quantity > mine.stock) {
          const name = mine.variantName && mine.productName ? `${mine.productName} (${mine.variantName})` : (mine.productName ?? '');
          return refuse('stock', API.notEnoughStock(name, mine.stock));
        }
      } catch {
        /* no answer: the order checks the stock again */
      }
      if (!writeCartCookie(changed)) return refuse('full', SHOP.guestCartFull);
      toast.success(STOREFRONT.addedToCart);
      if (view) show(n, describedLines(changed, view), view.subtotal);
      else show(n, changed);
      return { ok: true };
    },
    [signedIn, nextRequest, show, showChanged],
  );

  const edit = useCallback(
    async (id: number, changes: LineChanges) => {
      const n = nextRequest();
      if (signedIn) {
        // Only what is provided is sent; attributes only when non-empty.
        const body: Record<string, unknown> = {};
        if (changes.quantity !== undefined) body.quantity = changes.quantity;
        if (changes.variantId !== undefined) body.variantId = changes.variantId;
        if (changes.attributes && changes.attributes.length)
          body.attributes = changes.attributes.map((a) => ({ attributeId: a.attributeId, attributeValueId: a.attributeValueId }));
        if (changes.personalization !== undefined) body.personalization = changes.personalization;
        const answer = await shopApi.cartEdit(id, body);
        toast.success(STOREFRONT.cartEdited);
        await showChanged(n, answer);
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
      await showGuest(n, lines);
    },
    [signedIn, nextRequest, showChanged, showGuest],
  );

  const remove = useCallback(
    async (id: number) => {
      const n = nextRequest();
      if (signedIn) {
        const answer = await shopApi.cartRemove(id);
        toast.success(STOREFRONT.cartRemoved);
        await showChanged(n, answer);
        return;
      }
      const lines = readCartCookie().filter((l) => l.id !== id);
      writeCartCookie(lines);
      toast.success(STOREFRONT.cartRemoved);
      await showGuest(n, lines);
    },
    [signedIn, nextRequest, showChanged, showGuest],
  );

  const clear = useCallback(async () => {
    const n = nextRequest();
    if (signedIn) {
      const answer = await shopApi.cartClear();
      toast.success(STOREFRONT.cartCleared);
      await showChanged(n, answer);
      return;
    }
    removeCartCookie();
    toast.success(STOREFRONT.cartCleared);
    show(n, [], 0);
  }, [signedIn, nextRequest, show, showChanged]);

  const forgetOrdered = useCallback(() => {
    removeCartCookie();
    show(nextRequest(), [], 0);
  }, [nextRequest, show]);

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
