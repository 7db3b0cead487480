// The server cart of a signed-in shopper: GET /api/cart, POST /api/cart/add,
// PUT /api/cart/edit/:id, DELETE /api/cart/remove/:id, DELETE /api/cart.
import { shopForThisFile, Browser, allKeys, SECRET_KEYS } from './helpers';
import { API } from '@domain/messages';
import { Product, Variant, ProductImage, Attribute, AttributeValue, ProductAttribute } from '../src/models';

/** The catalogue these tests buy from, written with the models (the admin product API is
 *  another area's): two products on sale, one draft, flavours as attributes. */
const cat = {} as {
  flavour: number;
  extra: number; // attributes 'Вкус 1', 'Вкус 2'
  berry: number;
  mint: number;
  mango: number;
  ice: number; // values; mango is not offered by twins
  twins: number;
  twins0: number;
  twins20: number; // product with two variants (stock 5 and 2)
  triples: number;
  triplesOnly: number; // product with one variant (stock 10), no attributes
  draft: number;
  draftVariant: number;
  spare: number;
  spareVariant: number; // taken off sale in one test
};

async function product(
  name: string,
  slug: string,
  price: number,
  status: 'active' | 'draft',
  variants: Array<{ sku: string; name: string; stock: number; price?: number }>,
  values: Array<{ attributeId: number; valueId: number }> = [],
) {
  const p = await Product.query().insert({ name, slug, price, status } as Partial<Product>);
  const ids: number[] = [];
  for (const [position, v] of variants.entries()) {
    ids.push(
      (
        await Variant.query().insert({
          productId: p.id,
          sku: v.sku,
          name: v.name,
          stock: v.stock,
          price: v.price ?? null,
          position,
        } as Partial<Variant>)
      ).id,
    );
  }
  for (const v of values)
    await ProductAttribute.query().insert({
      productId: p.id,
      attributeId: v.attributeId,
      attributeValueId: v.valueId,
    } as Partial<ProductAttribute>);
  return { id: p.id, variants: ids };
}

const shop = shopForThisFile();
beforeAll(async () => {
  cat.flavour = (await Attribute.query().insert({ name: 'Вкус 1' } as Partial<Attribute>)).id;
  cat.extra = (await Attribute.query().insert({ name: 'Вкус 2' } as Partial<Attribute>)).id;
  const value = async (attributeId: number, text: string) =>
    (await AttributeValue.query().insert({ attributeId, value: text } as Partial<AttributeValue>)).id;
  cat.berry = await value(cat.flavour, 'Ягода');
  cat.mint = await value(cat.flavour, 'Мента');
  cat.mango = await value(cat.flavour, 'Манго');
  cat.ice = await value(cat.extra, 'Лед');

  const twins = await product(
    'TWINS Плодов микс',
    'twins-plodov-miks',
    2490,
    'active',
    [
      { sku: 'TW-0', name: '0 mg', stock: 5 },
      { sku: 'TW-20', name: '20 mg', stock: 2, price: 2690 },
    ],
    [
      { attributeId: cat.flavour, valueId: cat.berry },
      { attributeId: cat.flavour, valueId: cat.mint },
      { attributeId: cat.extra, valueId: cat.ice },
    ],
  );
  [cat.twins, cat.twins0, cat.twins20] = [twins.id, ...twins.variants];
  await ProductImage.query().insert({ productId: twins.id, url: '/uploads/twins-2.webp', alt: '', position: 1 } as Partial<ProductImage>);
  await ProductImage.query().insert({ productId: twins.id, url: '/uploads/twins-1.webp', alt: '', position: 0 } as Partial<ProductImage>);

  const triples = await product('TRIPLES Ментол', 'triples-mentol', 3000, 'active', [{ sku: 'TR-1', name: 'Стандартен', stock: 10 }]);
  [cat.triples, cat.triplesOnly] = [triples.id, triples.variants[0]];
  const draft = await product('Чернова', 'chernova', 1000, 'draft', [{ sku: 'DR-1', name: 'Стандартен', stock: 10 }]);
  [cat.draft, cat.draftVariant] = [draft.id, draft.variants[0]];
  const spare = await product('TWINS Сезонен', 'twins-sezonen', 1500, 'active', [{ sku: 'SP-1', name: 'Стандартен', stock: 4 }]);
  [cat.spare, cat.spareVariant] = [spare.id, spare.variants[0]];
});

/** A refusal: what is sent, the status, the message (functions: the catalogue ids exist only after beforeAll). */
type Refusal = [what: string, body: () => object, status: number, message: () => string];

const berryLine = (quantity?: number, extra: object = {}) => ({
  productId: cat.twins,
  variantId: cat.twins0,
  attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry }],
  ...(quantity === undefined ? {} : { quantity }),
  personalization: '',
  ...extra,
});

async function cartOf(b: Browser) {
  const res = await b.get('/api/cart');
  expect(res.status).toBe(200);
  return res.body as { cartItems: any[]; count: number; subtotal: number };
}

describe('guests', () => {
  it('get 401 with the sign-in message on every cart call', async () => {
    const b = shop.browser();
    await b.csrf();
    const calls = [
      b.get('/api/cart'),
      b.post('/api/cart/add', berryLine(1)),
      b.put('/api/cart/edit/1', { quantity: 2 }),
      b.delete('/api/cart/remove/1'),
      b.delete('/api/cart'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(API.notSignedIn);
    }
  });
});

describe('CSRF', () => {
  it('refuses a cart edit (and the other mutations) without x-csrf-token: 403, nothing changed', async () => {
    const b = await shop.signedIn();
    const added = await b.post('/api/cart/add', berryLine(1));
    const id = added.body.cartItems[0].id;
    const edit = await b.agent.put(`/api/cart/edit/${id}`).send({ quantity: 3 });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(API.csrfInvalid);
    expect((await b.agent.post('/api/cart/add').send(berryLine(1))).status).toBe(403);
    expect((await b.agent.delete(`/api/cart/remove/${id}`)).status).toBe(403);
    expect((await b.agent.delete('/api/cart')).status).toBe(403);
    expect((await cartOf(b)).cartItems.map((l) => l.quantity)).toEqual([1]);
  });
});

describe('GET /api/cart', () => {
  it('answers an empty cart for a new user', async () => {
    const b = await shop.signedIn();
    const res = await b.get('/api/cart');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ cartItems: [], count: 0, subtotal: 0 });
  });

  it('answers each line with the plain fields and what the cart page shows', async () => {
    const b = await shop.signedIn();
    await b
      .post('/api/cart/add', {
        productId: cat.twins,
        variantId: cat.twins20,
        attributes: [
          { attributeId: cat.flavour, attributeValueId: cat.mint },
          { attributeId: cat.extra, attributeValueId: cat.ice },
        ],
        quantity: 2,
        personalization: 'За Мария',
      })
      .expect(200);
    await b
      .post('/api/cart/add', { productId: cat.triples, variantId: cat.triplesOnly, attributes: [], quantity: 1, personalization: '' })
      .expect(200);

    const cart = await cartOf(b);
    expect(cart.count).toBe(3);
    expect(cart.subtotal).toBe(83.8); // 2 × 26.90 + 30.00
    const [twins, triples] = cart.cartItems;
    expect(twins).toEqual({
      id: expect.any(Number),
      productId: cat.twins,
      variantId: cat.twins20,
      quantity: 2,
      personalization: 'За Мария',
      attributes: [
        {
          id: expect.any(Number),
          cartItemId: twins.id,
          attributeId: cat.flavour,
          attributeValueId: cat.mint,
          attributeValue: 'Мента',
          attributeName: 'Вкус 1',
        },
        {
          id: expect.any(Number),
          cartItemId: twins.id,
          attributeId: cat.extra,
          attributeValueId: cat.ice,
          attributeValue: 'Лед',
          attributeName: 'Вкус 2',
        },
      ],
      productName: 'TWINS Плодов микс',
      productSlug: 'twins-plodov-miks',
      image: '/uploads/twins-1.webp',
      variantName: '20 mg',
      sku: 'TW-20',
      unitPrice: 26.9,
      lineTotal: 53.8,
      stock: 2,
      available: true,
    });
    expect(triples).toMatchObject({
      productId: cat.triples,
      personalization: '',
      attributes: [],
      image: null,
      unitPrice: 30,
      lineTotal: 30,
      stock: 10,
      available: true,
    });
    expect(allKeys(cart).filter((k) => SECRET_KEYS.includes(k) || k === 'userId')).toEqual([]);
  });

  it('keeps a line whose product was taken off sale, marked unavailable and left out of the subtotal', async () => {
    const b = await shop.signedIn();
    await b.post('/api/cart/add', { productId: cat.spare, quantity: 2 }).expect(200);
    await b.post('/api/cart/add', { productId: cat.triples, quantity: 1 }).expect(200);
    await Product.query()
      .patch({ status: 'archived' } as Partial<Product>)
      .findById(cat.spare);
    try {
      const cart = await cartOf(b);
      expect(cart.cartItems).toHaveLength(2);
      expect(cart.cartItems[0]).toMatchObject({ productId: cat.spare, quantity: 2, available: false, productName: 'TWINS Сезонен' });
      expect(cart.cartItems[1]).toMatchObject({ productId: cat.triples, available: true });
      expect(cart.count).toBe(3);
      expect(cart.subtotal).toBe(30);
      // Editing it is refused (the product is not on sale); removing it works.
      const edit = await b.put(`/api/cart/edit/${cart.cartItems[0].id}`, { quantity: 1 });
      expect(edit.status).toBe(404);
      expect(edit.body.message).toBe(API.productUnavailable);
      const removed = await b.delete(`/api/cart/remove/${cart.cartItems[0].id}`);
      expect(removed.status).toBe(200);
      expect(removed.body.cartItems.map((l: any) => l.productId)).toEqual([cat.triples]);
    } finally {
      await Product.query()
        .patch({ status: 'active' } as Partial<Product>)
        .findById(cat.spare);
    }
  });

  it('marks a sold-out line unavailable', async () => {
    const b = await shop.signedIn();
    await b.post('/api/cart/add', { productId: cat.spare, quantity: 1 }).expect(200);
    await Variant.query()
      .patch({ stock: 0 } as Partial<Variant>)
      .findById(cat.spareVariant);
    try {
      const [line] = (await cartOf(b)).cartItems;
      expect(line).toMatchObject({ stock: 0, available: false });
    } finally {
      await Variant.query()
        .patch({ stock: 4 } as Partial<Variant>)
        .findById(cat.spareVariant);
    }
  });

  it('reads the cart in the same number of queries for one line or many (no N+1)', async () => {
    const count = async (b: Browser) => {
      let n = 0;
      const onQuery = () => n++;
      shop.app.knex.on('query', onQuery);
      try {
        await cartOf(b);
      } finally {
        shop.app.knex.off('query', onQuery);
      }
      return n;
    };
    const one = await shop.signedIn();
    await one.post('/api/cart/add', berryLine(1)).expect(200);
    const many = await shop.signedIn();
    await many.post('/api/cart/add', berryLine(1)).expect(200);
    await many.post('/api/cart/add', berryLine(1, { attributes: [{ attributeId: cat.flavour, attributeValueId: cat.mint }] })).expect(200);
    await many.post('/api/cart/add', berryLine(1, { personalization: 'Честит рожден ден' })).expect(200);
    await many.post('/api/cart/add', { productId: cat.triples, quantity: 1 }).expect(200);
    await many.post('/api/cart/add', { productId: cat.spare, quantity: 1 }).expect(200);
    expect((await cartOf(many)).cartItems).toHaveLength(5);
    // Both warmed up (sessions and users may be kept in memory), then counted.
    await count(one);
    await count(many);
    expect(await count(many)).toBe(await count(one));
  });
});

describe('POST /api/cart/add', () => {
  it('adds a line with quantity 1 by default and answers the fixed message and the cart', async () => {
    const b = await shop.signedIn();
    const res = await b.post('/api/cart/add', {
      productId: cat.twins,
      variantId: cat.twins0,
      attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry }],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Продуктът е добавен успешно в количката.');
    expect(res.body.cartItems).toHaveLength(1);
    expect(res.body.cartItems[0]).toMatchObject({ productId: cat.twins, variantId: cat.twins0, quantity: 1, personalization: '' });
    expect(res.body.cartItems[0].attributes[0]).toMatchObject({ attributeValueId: cat.berry, attributeValue: 'Ягода' });
    expect(res.body).toMatchObject({ count: 1, subtotal: 24.9 });
  });

  it('adds the same product, variant, values and personalization up on one line', async () => {
    const b = await shop.signedIn();
    await b.post('/api/cart/add', berryLine(1, { personalization: ' Иван ' })).expect(200);
    const res = await b.post('/api/cart/add', berryLine(2, { personalization: 'Иван' }));
    expect(res.status).toBe(200);
    expect(res.body.cartItems).toHaveLength(1);
    expect(res.body.cartItems[0]).toMatchObject({ quantity: 3, personalization: 'Иван' });
  });

  it('treats the values in any order as the same line', async () => {
    const b = await shop.signedIn();
    const both = (order: 'a' | 'b') => {
      const list = [
        { attributeId: cat.flavour, attributeValueId: cat.mint },
        { attributeId: cat.extra, attributeValueId: cat.ice },
      ];
      return { productId: cat.twins, variantId: cat.twins0, attributes: order === 'a' ? list : list.reverse(), quantity: 1 };
    };
    await b.post('/api/cart/add', both('a')).expect(200);
    const res = await b.post('/api/cart/add', both('b')).expect(200);
    expect(res.body.cartItems.map((l: any) => l.quantity)).toEqual([2]);
  });

  it('keeps a different personalization, variant or flavour on its own line', async () => {
    const b = await shop.signedIn();
    await b.post('/api/cart/add', berryLine(1)).expect(200);
    await b.post('/api/cart/add', berryLine(1, { personalization: 'За Петър' })).expect(200);
    await b.post('/api/cart/add', berryLine(1, { variantId: cat.twins20 })).expect(200);
    const res = await b
      .post('/api/cart/add', berryLine(1, { attributes: [{ attributeId: cat.flavour, attributeValueId: cat.mint }] }))
      .expect(200);
    expect(res.body.cartItems).toHaveLength(4);
    expect(res.body.cartItems.map((l: any) => l.quantity)).toEqual([1, 1, 1, 1]);
    expect(res.body.count).toBe(4);
  });

  it('takes the only variant when none is given, and asks for one when there are several', async () => {
    const b = await shop.signedIn();
    const ok = await b.post('/api/cart/add', { productId: cat.triples });
    expect(ok.status).toBe(200);
    expect(ok.body.cartItems[0]).toMatchObject({ variantId: cat.triplesOnly, quantity: 1 });
    const ask = await b.post('/api/cart/add', { productId: cat.twins, variantId: null });
    expect(ask.status).toBe(400);
    expect(ask.body.message).toBe(API.chooseVariant);
  });

  it('accepts the read-outs a guest cookie line carries (id, cartItemId, attributeValue, attributeName)', async () => {
    const b = await shop.signedIn();
    const res = await b.post('/api/cart/add', {
      id: 1732000000000,
      ...berryLine(1),
      attributes: [
        { id: 5, cartItemId: 9, attributeId: cat.flavour, attributeValueId: cat.berry, attributeValue: 'Ягода', attributeName: 'Вкус 1' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.cartItems[0].attributes[0]).toMatchObject({ attributeValueId: cat.berry, attributeValue: 'Ягода' });
  });

  it('refuses a total above the stock with 409 naming the product, the cart unchanged', async () => {
    const b = await shop.signedIn();
    await b.post('/api/cart/add', berryLine(3)).expect(200);
    const res = await b.post('/api/cart/add', berryLine(3));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(API.notEnoughStock('TWINS Плодов микс (0 mg)', 5));
    const once = await b.post('/api/cart/add', { productId: cat.triples, quantity: 11 });
    expect(once.status).toBe(409);
    expect(once.body.message).toBe(API.notEnoughStock('TRIPLES Ментол', 10));
    expect((await cartOf(b)).cartItems.map((l) => l.quantity)).toEqual([3]);
    // Up to the stock is fine.
    expect((await b.post('/api/cart/add', berryLine(2))).body.cartItems[0].quantity).toBe(5);
  });

  it.each<Refusal>([
    ['a variant of another product', () => ({ ...berryLine(1), variantId: cat.triplesOnly }), 400, () => API.variantMismatch],
    [
      'an attribute value of another attribute',
      () => berryLine(1, { attributes: [{ attributeId: cat.extra, attributeValueId: cat.berry }] }),
      400,
      () => API.attributeMismatch,
    ],
    [
      'a value the product does not offer',
      () => berryLine(1, { attributes: [{ attributeId: cat.flavour, attributeValueId: cat.mango }] }),
      400,
      () => API.attributeNotOffered,
    ],
    [
      'an unknown attribute value',
      () => berryLine(1, { attributes: [{ attributeId: cat.flavour, attributeValueId: 99999 }] }),
      400,
      () => API.attributeMismatch,
    ],
    [
      'two values of one attribute',
      () =>
        berryLine(1, {
          attributes: [
            { attributeId: cat.flavour, attributeValueId: cat.berry },
            { attributeId: cat.flavour, attributeValueId: cat.mint },
          ],
        }),
      400,
      () => API.attributeTwice,
    ],
    ['a quantity of 0', () => berryLine(0), 400, () => API.atLeast(1)],
    ['a negative quantity', () => berryLine(-2), 400, () => API.atLeast(1)],
    ['a fractional quantity', () => berryLine(1.5), 400, () => API.mustBeInteger],
    ['a quantity that is not a number', () => berryLine(1, { quantity: 'много' }), 400, () => API.mustBeNumber],
    [
      'a product that is not on sale',
      () => ({ productId: cat.draft, variantId: cat.draftVariant, quantity: 1 }),
      404,
      () => API.productUnavailable,
    ],
    ['an unknown product', () => ({ productId: 99999, quantity: 1 }), 404, () => API.productUnavailable],
    ['personalization over 100 characters', () => berryLine(1, { personalization: 'я'.repeat(101) }), 400, () => API.tooLong(100)],
    ['an unknown field', () => berryLine(1, { price: 0.01 }), 400, () => API.unknownField],
    ['a missing productId', () => ({ variantId: cat.twins0, quantity: 1 }), 400, () => API.required],
    ['a productId that is text', () => ({ productId: 'twins', quantity: 1 }), 400, () => API.mustBeNumber],
    ['attributes that are not a list', () => berryLine(1, { attributes: 'Ягода' }), 400, () => API.mustBeList],
    ['an attribute without its value', () => berryLine(1, { attributes: [{ attributeId: cat.flavour }] }), 400, () => API.required],
    [
      'an attribute with an unknown field',
      () => berryLine(1, { attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry, price: 1 }] }),
      400,
      () => API.unknownField,
    ],
  ])('refuses %s (%#) with a clear message, nothing added', async (_what, body, status, message) => {
    const b = await shop.signedIn();
    const res = await b.post('/api/cart/add', body());
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message());
    expect((await cartOf(b)).cartItems).toEqual([]);
  });

  it('refuses invalid JSON and a body that is not an object with 400', async () => {
    const b = await shop.signedIn();
    const bad = await b.post('/api/cart/add', '{"productId": ');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(API.invalidJson);
    expect((await b.post('/api/cart/add', '[1]')).status).toBe(400);
  });

  it('works for a script with a bearer token, without CSRF', async () => {
    const b = await shop.signedIn();
    const created = await b.post('/api/account/tokens', { name: 'Скрипт' }).expect(201);
    const token = created.body.token.token;
    const res = await shop.browser().agent.post('/api/cart/add').set('authorization', `Bearer ${token}`).send(berryLine(1));
    expect(res.status).toBe(200);
    expect((await cartOf(b)).count).toBe(1);
  });
});

describe('PUT /api/cart/edit/:id', () => {
  async function withLine(line: object = berryLine(2, { personalization: 'Иван' })) {
    const b = await shop.signedIn();
    const res = await b.post('/api/cart/add', line).expect(200);
    return { b, id: res.body.cartItems[res.body.cartItems.length - 1].id as number };
  }

  it('changes only the quantity when only the quantity is sent', async () => {
    const { b, id } = await withLine();
    const res = await b.put(`/api/cart/edit/${id}`, { quantity: 4 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Продуктът е редактиран успешно в количката.');
    expect(res.body.cartItems).toHaveLength(1);
    expect(res.body.cartItems[0]).toMatchObject({ id, quantity: 4, variantId: cat.twins0, personalization: 'Иван' });
    expect(res.body.cartItems[0].attributes.map((a: any) => a.attributeValue)).toEqual(['Ягода']);
  });

  it('changes the variant, the values and the personalization, each on its own', async () => {
    const { b, id } = await withLine(berryLine(1, { personalization: 'Иван' }));
    let res = await b.put(`/api/cart/edit/${id}`, { variantId: cat.twins20 });
    expect(res.body.cartItems[0]).toMatchObject({
      variantId: cat.twins20,
      variantName: '20 mg',
      unitPrice: 26.9,
      quantity: 1,
      personalization: 'Иван',
    });
    res = await b.put(`/api/cart/edit/${id}`, {
      attributes: [
        { attributeId: cat.flavour, attributeValueId: cat.mint },
        { attributeId: cat.extra, attributeValueId: cat.ice },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.cartItems[0].attributes.map((a: any) => a.attributeValue)).toEqual(['Мента', 'Лед']);
    expect(res.body.cartItems[0]).toMatchObject({ variantId: cat.twins20, personalization: 'Иван' });
    res = await b.put(`/api/cart/edit/${id}`, { personalization: '' });
    expect(res.body.cartItems[0]).toMatchObject({ personalization: '', variantId: cat.twins20 });
    // An empty list of values is "not sent" (the storefront sends attributes only when non-empty).
    res = await b.put(`/api/cart/edit/${id}`, { attributes: [], quantity: 2 });
    expect(res.body.cartItems[0].attributes.map((a: any) => a.attributeValue)).toEqual(['Мента', 'Лед']);
    expect(res.body.cartItems[0].quantity).toBe(2);
    // Nothing sent: nothing changes.
    const same = await b.put(`/api/cart/edit/${id}`, {});
    expect(same.status).toBe(200);
    expect(same.body.cartItems).toEqual(res.body.cartItems);
  });

  it('merges a line that becomes the same as another one', async () => {
    const b = await shop.signedIn();
    await b.post('/api/cart/add', berryLine(1)).expect(200);
    const second = await b
      .post('/api/cart/add', berryLine(2, { attributes: [{ attributeId: cat.flavour, attributeValueId: cat.mint }] }))
      .expect(200);
    const id = second.body.cartItems[1].id;
    const res = await b.put(`/api/cart/edit/${id}`, { attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry }] });
    expect(res.status).toBe(200);
    expect(res.body.cartItems).toHaveLength(1);
    expect(res.body.cartItems[0]).toMatchObject({ id, quantity: 3, attributes: [expect.objectContaining({ attributeValue: 'Ягода' })] });
  });

  it('refuses a merge whose total is above the stock (409), nothing changed', async () => {
    const b = await shop.signedIn();
    await b.post('/api/cart/add', berryLine(3)).expect(200);
    const second = await b.post('/api/cart/add', berryLine(3, { personalization: 'Иван' })).expect(200);
    const res = await b.put(`/api/cart/edit/${second.body.cartItems[1].id}`, { personalization: '' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(API.notEnoughStock('TWINS Плодов микс (0 mg)', 5));
    const cart = await cartOf(b);
    expect(cart.cartItems.map((l) => [l.quantity, l.personalization])).toEqual([
      [3, ''],
      [3, 'Иван'],
    ]);
  });

  it('refuses a quantity above the stock with 409', async () => {
    const { b, id } = await withLine();
    const res = await b.put(`/api/cart/edit/${id}`, { quantity: 6 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(API.notEnoughStock('TWINS Плодов микс (0 mg)', 5));
    // Changing to a variant with less stock than the line holds is refused too.
    const toSmall = await b.put(`/api/cart/edit/${id}`, { variantId: cat.twins20, quantity: 3 });
    expect(toSmall.status).toBe(409);
    expect((await cartOf(b)).cartItems[0]).toMatchObject({ quantity: 2, variantId: cat.twins0 });
  });

  it.each<Refusal>([
    ['a variant of another product', () => ({ variantId: cat.triplesOnly }), 400, () => API.variantMismatch],
    ['a variant id of 0', () => ({ variantId: 0 }), 400, () => API.atLeast(1)],
    ['a quantity of 0', () => ({ quantity: 0 }), 400, () => API.atLeast(1)],
    ['a quantity that is text', () => ({ quantity: 'две' }), 400, () => API.mustBeNumber],
    ['personalization over 100 characters', () => ({ personalization: 'x'.repeat(101) }), 400, () => API.tooLong(100)],
    ['unknown fields', () => ({ productId: 1, price: 1 }), 400, () => API.invalidInput],
    [
      'a value the product does not offer',
      () => ({ attributes: [{ attributeId: cat.flavour, attributeValueId: cat.mango }] }),
      400,
      () => API.attributeNotOffered,
    ],
  ])('refuses %s, nothing changed', async (_what, body, status, message) => {
    const { b, id } = await withLine();
    const res = await b.put(`/api/cart/edit/${id}`, body());
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message());
    expect((await cartOf(b)).cartItems[0]).toMatchObject({ quantity: 2, variantId: cat.twins0, personalization: 'Иван' });
  });

  it('refuses a value of another attribute (400)', async () => {
    const { b, id } = await withLine();
    const res = await b.put(`/api/cart/edit/${id}`, { attributes: [{ attributeId: cat.extra, attributeValueId: cat.mint }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(API.attributeMismatch);
  });

  it("answers 404 for another user's line and for an unknown one, 400 for an id that is not a number", async () => {
    const owner = await withLine();
    const other = await shop.signedIn();
    const res = await other.put(`/api/cart/edit/${owner.id}`, { quantity: 1 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(API.cartItemNotFound);
    expect((await other.put('/api/cart/edit/999999', { quantity: 1 })).status).toBe(404);
    const bad = await other.put('/api/cart/edit/abc', { quantity: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(API.invalidId);
    expect((await other.put('/api/cart/edit/1.5', { quantity: 1 })).status).toBe(400);
    expect((await cartOf(owner.b)).cartItems[0].quantity).toBe(2);
  });

  it('refuses invalid JSON with 400', async () => {
    const { b, id } = await withLine();
    const res = await b.put(`/api/cart/edit/${id}`, '{quantity: 2}');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(API.invalidJson);
  });
});

describe('DELETE /api/cart/remove/:id and DELETE /api/cart', () => {
  it('removes one line with the fixed message', async () => {
    const b = await shop.signedIn();
    await b.post('/api/cart/add', berryLine(1)).expect(200);
    const added = await b.post('/api/cart/add', { productId: cat.triples, quantity: 2 }).expect(200);
    const res = await b.delete(`/api/cart/remove/${added.body.cartItems[0].id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Продуктът е премахнат успешно от количката.');
    expect(res.body.cartItems.map((l: any) => l.productId)).toEqual([cat.triples]);
    expect(res.body.count).toBe(2);
    // Gone is gone.
    expect((await b.delete(`/api/cart/remove/${added.body.cartItems[0].id}`)).status).toBe(404);
  });

  it("answers 404 for another user's line (and keeps it), 400 for an id that is not a number", async () => {
    const owner = await shop.signedIn();
    const added = await owner.post('/api/cart/add', berryLine(1)).expect(200);
    const other = await shop.signedIn();
    const res = await other.delete(`/api/cart/remove/${added.body.cartItems[0].id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(API.cartItemNotFound);
    expect((await other.delete('/api/cart/remove/x1')).status).toBe(400);
    expect((await cartOf(owner)).count).toBe(1);
  });

  it("clears the cart with the fixed message, and only the caller's", async () => {
    const b = await shop.signedIn();
    const other = await shop.signedIn();
    await other.post('/api/cart/add', { productId: cat.triples }).expect(200);
    await b.post('/api/cart/add', berryLine(1)).expect(200);
    await b.post('/api/cart/add', { productId: cat.triples }).expect(200);
    const res = await b.delete('/api/cart');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Количката е изчистена успешно.', cartItems: [] });
    expect((await cartOf(b)).cartItems).toEqual([]);
    expect((await cartOf(other)).count).toBe(1);
    // Clearing an empty cart is fine too.
    expect((await b.delete('/api/cart')).status).toBe(200);
  });
});

describe('guest cart preview', () => {
  it('prices and describes cookie lines without storing them, leaving out unknown products', async () => {
    const b = shop.browser();
    await b.csrf();
    const id = Date.now();
    const res = await b.post('/api/cart/preview', {
      items: [
        { ...berryLine(2), id, unitPrice: 0.01 },
        { id: id + 1, productId: 999999, quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.cartItems).toEqual([
      expect.objectContaining({
        id,
        productName: 'TWINS Плодов микс',
        variantName: '0 mg',
        quantity: 2,
        unitPrice: 24.9,
        lineTotal: 49.8,
        available: true,
        attributes: [expect.objectContaining({ attributeId: cat.flavour, attributeValueId: cat.berry, attributeValue: 'Ягода' })],
      }),
    ]);
    expect(res.body.subtotal).toBe(49.8);
    const bad = await b.post('/api/cart/preview', { items: [{ productId: 'x', quantity: 1 }] });
    expect(bad.status).toBe(400);
    expect((await b.post('/api/cart/preview', {})).status).toBe(400);
  });
});
