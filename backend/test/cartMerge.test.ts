// Signing in with a guest `cart` cookie: its lines join the server cart (same line adds up,
// capped at stock; invalid lines dropped) and the cookie is expired. The merge never fails a
// sign-in.
import { shopForThisFile, Browser } from './helpers';
import { API } from '@domain/messages';
import { Product, Variant, Attribute, AttributeValue, ProductAttribute, CartItem } from '../src/models';
import { parseGuestCart, guestLine } from '../src/modules/cart/merge';
import { encodeCartCookie } from '@domain/cartCookie';

const cat = {} as {
  flavour: number;
  berry: number;
  mint: number;
  ice: number;
  extra: number;
  twins: number;
  twins0: number;
  twins20: number;
  triples: number;
  triplesOnly: number;
  draft: number;
};

const shop = shopForThisFile();
beforeAll(async () => {
  cat.flavour = (await Attribute.query().insert({ name: 'Вкус 1' } as Partial<Attribute>)).id;
  cat.extra = (await Attribute.query().insert({ name: 'Вкус 2' } as Partial<Attribute>)).id;
  const value = async (attributeId: number, text: string) =>
    (await AttributeValue.query().insert({ attributeId, value: text } as Partial<AttributeValue>)).id;
  cat.berry = await value(cat.flavour, 'Ягода');
  cat.mint = await value(cat.flavour, 'Мента');
  cat.ice = await value(cat.extra, 'Лед');

  const twins = await Product.query().insert({
    name: 'TWINS Плодов микс',
    slug: 'twins-plodov-miks',
    price: 2490,
    status: 'active',
  } as Partial<Product>);
  cat.twins = twins.id;
  cat.twins0 = (
    await Variant.query().insert({ productId: twins.id, sku: 'TW-0', name: '0 mg', stock: 5, position: 0 } as Partial<Variant>)
  ).id;
  cat.twins20 = (
    await Variant.query().insert({ productId: twins.id, sku: 'TW-20', name: '20 mg', stock: 2, position: 1 } as Partial<Variant>)
  ).id;
  for (const valueId of [cat.berry, cat.mint]) {
    await ProductAttribute.query().insert({
      productId: twins.id,
      attributeId: cat.flavour,
      attributeValueId: valueId,
    } as Partial<ProductAttribute>);
  }
  const triples = await Product.query().insert({
    name: 'TRIPLES Ментол',
    slug: 'triples-mentol',
    price: 3000,
    status: 'active',
  } as Partial<Product>);
  cat.triples = triples.id;
  cat.triplesOnly = (
    await Variant.query().insert({ productId: triples.id, sku: 'TR-1', name: 'Стандартен', stock: 10 } as Partial<Variant>)
  ).id;
  const draft = await Product.query().insert({ name: 'Чернова', slug: 'chernova', price: 1000, status: 'draft' } as Partial<Product>);
  cat.draft = draft.id;
  await Variant.query().insert({ productId: draft.id, sku: 'DR-1', name: 'Стандартен', stock: 10 } as Partial<Variant>);
});

/** A guest line as the storefront writes it into the cookie (id from the current time). */
const guest = (
  productId: number,
  variantId: number | null,
  quantity: number,
  valueIds: Array<[number, number]> = [],
  personalization = '',
) => ({
  id: Date.now() + Math.random(),
  productId,
  variantId,
  quantity,
  personalization,
  attributes: valueIds.map(([attributeId, attributeValueId]) => ({ attributeId, attributeValueId })),
});

/** Puts the guest cart cookie in the browser's jar, as the storefront would. */
function setCartCookie(b: Browser, value: string) {
  b.agent.jar.setCookie(`cart=${value}; Path=/`, '127.0.0.1', '/');
}

async function signInWithCart(cookie: string | null, before?: (b: Browser) => Promise<void>) {
  const u = await shop.user();
  const b = shop.browser();
  if (before) {
    await b.signIn(u.email, u.password);
    await before(b);
    await b.post('/api/auth/logout').expect(200);
  }
  await b.csrf();
  if (cookie !== null) setCartCookie(b, cookie);
  const res = await b.post('/api/auth/login', { email: u.email, password: u.password });
  return { b, res, userId: u.id };
}

const cartCookieHeader = (res: { headers: Record<string, any> }) =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('cart='));

async function cartOf(b: Browser) {
  const res = await b.get('/api/cart').expect(200);
  return res.body as { cartItems: any[]; count: number };
}

describe('merge at sign-in', () => {
  it('adds the guest lines to the server cart: same line sums, stock caps, invalid lines dropped, cookie expired', async () => {
    const lines = [
      guest(cat.twins, cat.twins0, 2, [[cat.flavour, cat.berry]]), // same as the server line: 2 + 2
      guest(cat.triples, cat.triplesOnly, 25), // new, more than the 10 in stock: capped
      guest(cat.twins, cat.triplesOnly, 1), // a variant of another product: dropped
      guest(cat.twins, cat.twins0, 1, [[cat.extra, cat.berry]]), // a value of another attribute: dropped
      guest(cat.draft, null, 1), // not on sale: dropped
      guest(99999, null, 1), // unknown product: dropped
      guest(cat.twins, cat.twins20, 0), // quantity below 1: dropped
      guest(cat.twins, cat.twins20, 1, [], 'x'.repeat(101)), // personalization too long: dropped
      'garbage',
      { productId: 'twins' },
    ];
    const { b, res } = await signInWithCart(encodeURIComponent(JSON.stringify(lines)), async (signedIn) => {
      await signedIn
        .post('/api/cart/add', {
          productId: cat.twins,
          variantId: cat.twins0,
          attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry }],
          quantity: 2,
        })
        .expect(200);
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(API.loginOk);

    const expired = cartCookieHeader(res);
    expect(expired).toBeDefined();
    expect(expired).toMatch(/^cart=;/);
    expect(expired).toMatch(/expires=Thu, 01 Jan 1970 00:00:00 GMT/i);
    expect(expired).toMatch(/path=\//i);
    expect(expired).not.toMatch(/httponly/i);

    const cart = await cartOf(b);
    expect(cart.cartItems.map((l) => [l.productId, l.variantId, l.quantity])).toEqual([
      [cat.twins, cat.twins0, 4],
      [cat.triples, cat.triplesOnly, 10],
    ]);
    expect(cart.cartItems[0].attributes.map((a: any) => a.attributeValue)).toEqual(['Ягода']);
    // The login answer carries the merged cart for the client.
    expect(res.body.cartItems).toEqual(cart.cartItems);
  });

  it('caps an existing line at the stock and never lowers what the user already had', async () => {
    const line = {
      productId: cat.twins,
      variantId: cat.twins0,
      attributes: [{ attributeId: cat.flavour, attributeValueId: cat.mint }],
      quantity: 4,
    };
    const { b, res } = await signInWithCart(
      encodeURIComponent(JSON.stringify([guest(cat.twins, cat.twins0, 3, [[cat.flavour, cat.mint]]), guest(cat.twins, cat.twins20, 1)])),
      async (signedIn) => {
        await signedIn.post('/api/cart/add', line).expect(200);
        await signedIn.post('/api/cart/add', { productId: cat.twins, variantId: cat.twins20, quantity: 2 }).expect(200);
      },
    );
    expect(res.status).toBe(200);
    expect((await cartOf(b)).cartItems.map((l) => l.quantity)).toEqual([5, 2]);
  });

  it('sums the same line twice in the cookie, keeps personalized lines apart, and takes a plain (not URL-encoded) cookie', async () => {
    const lines = [
      guest(cat.twins, cat.twins0, 1, [[cat.flavour, cat.berry]]),
      guest(cat.twins, cat.twins0, 1, [[cat.flavour, cat.berry]]),
      guest(cat.twins, cat.twins0, 1, [[cat.flavour, cat.berry]], 'Maria'),
      guest(cat.triples, null, 1),
    ];
    const { b, res } = await signInWithCart(JSON.stringify(lines));
    expect(res.status).toBe(200);
    const cart = await cartOf(b);
    expect(cart.cartItems.map((l) => [l.productId, l.quantity, l.personalization])).toEqual([
      [cat.twins, 2, ''],
      [cat.twins, 1, 'Maria'],
      [cat.triples, 1, ''],
    ]);
    expect(cart.cartItems[2].variantId).toBe(cat.triplesOnly);
  });

  it('ignores a cookie that is not a JSON list, signs in, and expires it', async () => {
    for (const cookie of ['%7Bnot-json', encodeURIComponent('{"productId":1}'), '%E0%A4%A', '']) {
      const { b, res } = await signInWithCart(cookie);
      expect(res.status).toBe(200);
      expect((await cartOf(b)).cartItems).toEqual([]);
      if (cookie) expect(cartCookieHeader(res)).toMatch(/^cart=;/);
    }
  });

  it('without a cart cookie: signs in as before, no cookie set and no cartItems', async () => {
    const { res } = await signInWithCart(null);
    expect(res.status).toBe(200);
    expect(cartCookieHeader(res)).toBeUndefined();
    expect(res.body).not.toHaveProperty('cartItems');
  });

  it('looks at no more than 100 lines', async () => {
    // Compact lines (a browser keeps about 4 KB per cookie); the 101st is valid but not looked at.
    const lines = Array.from({ length: 101 }, (_, i) =>
      i < 100 ? { productId: cat.twins, quantity: 0 } : { productId: cat.triples, quantity: 1 },
    );
    const { b, res } = await signInWithCart(JSON.stringify(lines));
    expect(res.status).toBe(200);
    expect((await cartOf(b)).cartItems).toEqual([]);
  });

  it('never fails the sign-in when the merge fails: the cart is untouched and the cookie kept for next time', async () => {
    const spy = jest.spyOn(CartItem, 'transaction').mockRejectedValueOnce(new Error('database went away'));
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { b, res } = await signInWithCart(encodeURIComponent(JSON.stringify([guest(cat.triples, null, 1)])));
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(API.loginOk);
      expect(res.body).not.toHaveProperty('cartItems');
      expect(cartCookieHeader(res)).toBeUndefined();
      expect(log).toHaveBeenCalledWith(expect.stringContaining('cart-merge-failed'));
      expect((await b.get('/api/auth/me')).status).toBe(200);
      expect((await cartOf(b)).cartItems).toEqual([]);
    } finally {
      spy.mockRestore();
      log.mockRestore();
    }
  });

  it('does not merge on a failed sign-in', async () => {
    const u = await shop.user();
    const b = shop.browser();
    await b.csrf();
    setCartCookie(b, encodeURIComponent(JSON.stringify([guest(cat.triples, null, 1)])));
    const res = await b.post('/api/auth/login', { email: u.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(cartCookieHeader(res)).toBeUndefined();
    expect(await CartItem.query().where({ userId: u.id }).resultSize()).toBe(0);
  });
});

describe('the compact cookie the storefront writes', () => {
  it('merges its lines, long Cyrillic inscriptions included', async () => {
    const inscription = 'Честит рожден ден, мило! Обичам те безкрайно много – твоята Мария от София, България!!';
    const value = encodeCartCookie([
      {
        id: 1,
        productId: cat.twins,
        variantId: cat.twins0,
        quantity: 2,
        personalization: inscription,
        attributes: [{ attributeId: cat.flavour, attributeValueId: cat.mint }],
      },
      { id: 2, productId: cat.triples, variantId: null, quantity: 1, personalization: '', attributes: [] },
    ]);
    const { b, res } = await signInWithCart(value);
    expect(res.status).toBe(200);
    const cart = await cartOf(b);
    const twins = cart.cartItems.find((l) => l.productId === cat.twins && l.personalization === inscription);
    expect(twins).toMatchObject({ quantity: 2, variantId: cat.twins0, attributes: [expect.objectContaining({ attributeValue: 'Мента' })] });
    expect(cart.cartItems.find((l) => l.productId === cat.triples)).toMatchObject({ quantity: 1, variantId: cat.triplesOnly });
  });
});

describe('reading the cookie', () => {
  it('shapes a compact line', () => {
    expect(guestLine([7, 3, 4, 2, [1, 2], ' Иван '])).toEqual({
      productId: 3,
      variantId: 4,
      quantity: 2,
      personalization: 'Иван',
      attributes: [{ attributeId: 1, attributeValueId: 2 }],
    });
    expect(guestLine([7, 3, 0, 1])).toEqual({ productId: 3, variantId: null, quantity: 1, personalization: '', attributes: [] });
    for (const bad of [
      [1, 3, 0, 0],
      [1, 3, 0, 1, [1]],
      [1, 3, 0, 1, [], 5],
      [1, 0, 0, 1],
    ])
      expect(guestLine(bad)).toBeNull();
  });

  it('parses URL-encoded and plain JSON lists, and nothing else', () => {
    const list = [{ productId: 1 }];
    expect(parseGuestCart(encodeURIComponent(JSON.stringify(list)))).toEqual(list);
    expect(parseGuestCart(JSON.stringify(list))).toEqual(list);
    for (const bad of [undefined, '', 'null', '{}', '"x"', '%%%', '[1,']) expect(parseGuestCart(bad)).toEqual([]);
    expect(parseGuestCart(JSON.stringify(Array.from({ length: 150 }, () => ({}))))).toHaveLength(100);
  });

  it('shapes a guest line, or refuses it', () => {
    expect(
      guestLine({
        id: 1,
        productId: 3,
        variantId: '4',
        quantity: 2,
        personalization: ' Иван ',
        attributes: [{ attributeId: 1, attributeValueId: 2, attributeValue: 'Ягода' }],
      }),
    ).toEqual({
      productId: 3,
      variantId: 4,
      quantity: 2,
      personalization: 'Иван',
      attributes: [{ attributeId: 1, attributeValueId: 2 }],
    });
    expect(guestLine({ productId: 3 })).toEqual({ productId: 3, variantId: null, quantity: 1, personalization: '', attributes: [] });
    for (const bad of [
      null,
      5,
      [],
      { productId: 0 },
      { productId: 3, quantity: -1 },
      { productId: 3, quantity: 1.5 },
      { productId: 3, variantId: 'x' },
      { productId: 3, attributes: {} },
      { productId: 3, attributes: [{ attributeId: 1 }] },
      { productId: 3, personalization: 7 },
    ]) {
      expect(guestLine(bad)).toBeNull();
    }
  });
});
