// The storefront shows the cart a change answers and does not read it again:
// so every change of the server cart must answer exactly what GET /api/cart would answer next,
// beside its message (the answer keeps the plain fields, cartItems first, and adds the rest).
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue } from './fixtures';
import { Product } from '../src/models';
import { API } from '@domain/messages';

let cat: Catalogue;

const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
});

/** The answer to a change, checked against the cart read right after it. */
async function answersTheCart(b: Browser, change: Promise<{ status: number; body: any }>, message: string) {
  const res = await change;
  expect(res.status).toBe(200);
  const { message: said, ...cart } = res.body;
  expect(said).toBe(message);
  const read = await b.get('/api/cart').expect(200);
  expect(cart).toEqual(read.body);
  expect(Object.keys(cart).sort()).toEqual(['cartItems', 'count', 'subtotal']);
  return cart as { cartItems: any[]; count: number; subtotal: number };
}

describe('every change of the server cart answers the whole cart, as GET /api/cart reads it', () => {
  it('add, add up, edit, merge by edit, remove and clear', async () => {
    const b = await shop.signedIn();
    const berry = {
      productId: cat.twins.id,
      variantId: cat.twins.v0,
      attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry }],
      personalization: '',
    };

    let cart = await answersTheCart(b, b.post('/api/cart/add', { ...berry, quantity: 1 }), API.cartAdded);
    expect(cart).toMatchObject({ count: 1, subtotal: 24.9 });
    expect(cart.cartItems[0]).toMatchObject({
      quantity: 1,
      productName: 'TWINS Плодов микс',
      variantName: '0 mg',
      unitPrice: 24.9,
      lineTotal: 24.9,
      stock: 100,
      available: true,
    });
    expect(cart.cartItems[0].attributes[0]).toMatchObject({
      attributeValueId: cat.berry,
      attributeValue: 'Ягода',
      attributeName: 'Вкус 1',
    });
    const berryId = cart.cartItems[0].id;

    // The same line adds up; the answer carries the total, not what was sent.
    cart = await answersTheCart(b, b.post('/api/cart/add', { ...berry, quantity: 2 }), API.cartAdded);
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0]).toMatchObject({ id: berryId, quantity: 3, lineTotal: 74.7 });

    cart = await answersTheCart(b, b.post('/api/cart/add', { productId: cat.triples.id, quantity: 1 }), API.cartAdded);
    expect(cart).toMatchObject({ count: 4, subtotal: 104.7 });
    const triplesId = cart.cartItems.find((l) => l.productId === cat.triples.id).id;

    // A price changed since the line was added: the answer prices it now.
    await Product.query()
      .patch({ price: 3200 } as Partial<Product>)
      .findById(cat.triples.id);
    cart = await answersTheCart(b, b.put(`/api/cart/edit/${triplesId}`, { quantity: 2 }), API.cartEdited);
    expect(cart.cartItems.find((l) => l.id === triplesId)).toMatchObject({ quantity: 2, unitPrice: 32, lineTotal: 64 });

    // A mint line changed to berry becomes the berry line: one line, quantities added.
    cart = await answersTheCart(
      b,
      b.post('/api/cart/add', { ...berry, attributes: [{ attributeId: cat.flavour, attributeValueId: cat.mint }], quantity: 1 }),
      API.cartAdded,
    );
    const mintId = cart.cartItems.find((l) => l.attributes[0]?.attributeValueId === cat.mint).id;
    cart = await answersTheCart(b, b.put(`/api/cart/edit/${mintId}`, { attributes: berry.attributes }), API.cartEdited);
    expect(cart.cartItems.filter((l) => l.productId === cat.twins.id)).toEqual([expect.objectContaining({ id: mintId, quantity: 4 })]);

    cart = await answersTheCart(b, b.delete(`/api/cart/remove/${triplesId}`), API.cartRemoved);
    expect(cart).toMatchObject({ count: 4, subtotal: 99.6 });

    cart = await answersTheCart(b, b.delete('/api/cart'), API.cartCleared);
    expect(cart).toEqual({ cartItems: [], count: 0, subtotal: 0 });
  });

  it('answers a refusal with the message and leaves the cart as the next read finds it', async () => {
    const b = await shop.signedIn();
    const before = await answersTheCart(b, b.post('/api/cart/add', { productId: cat.last3.id, quantity: 2 }), API.cartAdded);
    const refused = await b.post('/api/cart/add', { productId: cat.last3.id, quantity: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Налични: 3 бр.');
    expect((await b.get('/api/cart').expect(200)).body).toEqual(before);
  });
});
