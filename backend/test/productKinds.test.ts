// Product kinds and the tobacco directive's limits, checked on save: nicotine at most
// 20 mg/ml, a nicotine liquid's container at most 10 ml, a tank or cartridge at most 2 ml; the
// plain create call without a kind keeps working; existing rows get their kind from the migration.
import { makeShop, shopForThisFile, TestShop } from './helpers';
import { CATALOGUE } from '@domain/messages';
import { directiveErrors, PRODUCT_KIND_LABELS } from '@domain/productKinds';
import { Product, Variant, Category, Attribute, AttributeValue, ProductAttribute } from '../src/models';
import { fillKinds } from '../src/platform/db/migrations/20261124160000_product_kinds_and_flavour_lists';
import { seedIfEmpty } from '../src/setup';

let admin: Awaited<ReturnType<TestShop['signedIn']>>;
let n = 0;

const product = (over: Record<string, unknown> = {}) => ({
  name: `Продукт ${++n}`,
  price: 10,
  status: 'active',
  variants: [{ name: 'Стандартен', sku: `KIND-${n}`, stock: 5 }],
  ...over,
});

async function productCount() {
  return Number(await Product.query().resultSize());
}

const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
});

describe('the directive on create', () => {
  it('refuses 30 mg/ml nicotine with the Bulgarian field error, and saves nothing', async () => {
    const before = await productCount();
    const res = await admin.post('/api/admin/products', product({ kind: 'liquid', nicotineMgMl: 30, volumeMl: 10 }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: CATALOGUE.nicotineTooStrong(20),
      errors: { nicotineMgMl: 'Никотинът може да е най-много 20 mg/ml (Директива 2014/40/ЕС).' },
    });
    expect(await productCount()).toBe(before);
    // The plain create call says the same.
    const spec = await admin.post('/api/admin/products/create', product({ nicotineMgMl: 30 }));
    expect(spec.status).toBe(400);
    expect(spec.body.errors.nicotineMgMl).toBe(CATALOGUE.nicotineTooStrong(20));
  });

  it("refuses a variant of more than 20 mg/ml under that variant's field, and saves nothing", async () => {
    const before = await productCount();
    const res = await admin.post(
      '/api/admin/products',
      product({
        kind: 'liquid',
        nicotineMgMl: 20,
        volumeMl: 10,
        variants: [{ name: 'Силен', sku: 'VAR-25', stock: 1, nicotineMgMl: 25 }],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'variants.0.nicotineMgMl': CATALOGUE.variantNicotineTooStrong(25, 20) });
    expect(await Variant.query().findOne({ sku: 'VAR-25' })).toBeUndefined();
    expect(await productCount()).toBe(before);
  });

  it("answers each variant's own strength as saved, null where it has the product's", async () => {
    const res = await admin.post(
      '/api/admin/products',
      product({
        kind: 'liquid',
        nicotineMgMl: 12,
        volumeMl: 10,
        variants: [
          { name: 'Без никотин', sku: 'STR-0', stock: 1, nicotineMgMl: 0 },
          { name: 'Лек', sku: 'STR-1-5', stock: 1, nicotineMgMl: 1.5 },
          // A name is only a name: "30 mg" here is no strength, nor a reason to refuse.
          { name: '30 mg', sku: 'STR-P', stock: 1 },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const strengths = (p: any) => p.variants.map((v: any) => [v.sku, v.nicotineMgMl]);
    const expected = [
      ['STR-0', 0],
      ['STR-1-5', 1.5],
      ['STR-P', null],
    ];
    expect(strengths(res.body)).toEqual(expected);
    expect(strengths((await admin.get(`/api/admin/products/${res.body.id}`)).body)).toEqual(expected);
    expect(strengths((await shop.browser().get(`/api/products/${res.body.slug}`)).body.product)).toEqual(expected);
  });

  it('keeps a liquid with nicotine to 10 ml; a nicotine-free liquid may be bigger', async () => {
    const big = await admin.post('/api/admin/products', product({ kind: 'liquid', nicotineMgMl: 12, volumeMl: 30 }));
    expect(big.status).toBe(400);
    expect(big.body).toEqual({
      message: CATALOGUE.liquidContainerTooBig(10),
      errors: { volumeMl: 'Течност с никотин се продава в опаковка от най-много 10 ml.' },
    });
    // The strength can also be only in the variants.
    const byVariant = await admin.post(
      '/api/admin/products',
      product({
        kind: 'liquid',
        volumeMl: 30,
        variants: [
          { name: '0 mg', sku: 'LQ30-0', stock: 1, nicotineMgMl: 0 },
          { name: '6 mg', sku: 'LQ30-6', stock: 1, nicotineMgMl: 6 },
        ],
      }),
    );
    expect(byVariant.status).toBe(400);
    expect(Object.keys(byVariant.body.errors)).toEqual(['volumeMl']);
    const ten = await admin.post('/api/admin/products', product({ kind: 'liquid', nicotineMgMl: 20, volumeMl: 10 }));
    expect(ten.status).toBe(201);
    expect(ten.body).toMatchObject({ kind: 'liquid', nicotineMgMl: 20, volumeMl: 10 });
    const shortfill = await admin.post('/api/admin/products', product({ kind: 'liquid', nicotineMgMl: 0, volumeMl: 60 }));
    expect(shortfill.status).toBe(201);
  });

  it('keeps every tank or cartridge to 2 ml: the volume is shared by the tanks', async () => {
    const oneTank = await admin.post('/api/admin/products', product({ kind: 'device', nicotineMgMl: 20, volumeMl: 3 }));
    expect(oneTank.status).toBe(400);
    expect(oneTank.body.errors).toEqual({ volumeMl: CATALOGUE.tankTooBig(2, 3) });
    expect(oneTank.body.message).toContain('най-много 2 ml');
    const twins = await admin.post('/api/admin/products', product({ kind: 'device', tankCount: 2, nicotineMgMl: 20, volumeMl: 4 }));
    expect(twins.status).toBe(201);
    expect(twins.body).toMatchObject({ kind: 'device', tankCount: 2, volumeMl: 4 });
    const pod = await admin.post('/api/admin/products', product({ kind: 'pod', nicotineMgMl: 20, volumeMl: 2.5 }));
    expect(pod.status).toBe(400);
    expect(pod.body.errors.volumeMl).toBe(CATALOGUE.tankTooBig(2, 2.5));
    const pack = await admin.post('/api/admin/products', product({ kind: 'pod', tankCount: 3, nicotineMgMl: 20, volumeMl: 6 }));
    expect(pack.status).toBe(201);
    // An accessory has no such limits (a case that holds 1000 ml of nothing is still a case).
    expect((await admin.post('/api/admin/products', product({ kind: 'accessory', volumeMl: 1000 }))).status).toBe(201);
  });

  it('refuses an unknown kind and a bad tank count', async () => {
    const kind = await admin.post('/api/admin/products', product({ kind: 'vape' }));
    expect(kind.status).toBe(400);
    expect(Object.keys(kind.body.errors)).toEqual(['kind']);
    const tanks = await admin.post('/api/admin/products', product({ kind: 'device', tankCount: 0 }));
    expect(tanks.status).toBe(400);
    expect(Object.keys(tanks.body.errors)).toEqual(['tankCount']);
  });

  it('accepts the plain create call without a kind as before, and answers the kind it inferred', async () => {
    const twinsCat = (await admin.post('/api/admin/categories/create', { name: 'TWINS', parentId: null })).body.category.id;
    const liquids = (await admin.post('/api/admin/categories/create', { name: 'Течности', parentId: null })).body.category.id;
    const salts = (await admin.post('/api/admin/categories/create', { name: 'Никотинови соли', parentId: liquids })).body.category.id;
    const twins = await admin.post(
      '/api/admin/products/create',
      product({
        name: 'VAP SOLO TWINS',
        categoryId: twinsCat,
        nicotineMgMl: 20,
        volumeMl: 4,
        attributes: [
          { name: 'Вкус 1', values: ['Ягода', 'Диня'] },
          { name: 'Вкус 2', values: ['Ягода', 'Диня'] },
        ],
      }),
    );
    expect(twins.status).toBe(201);
    expect(twins.body.product).toMatchObject({ name: 'VAP SOLO TWINS', nicotineMgMl: 20, volumeMl: 4, kind: 'device', tankCount: 2 });
    const salt = await admin.post(
      '/api/admin/products/create',
      product({ name: 'Боровинка 10 ml', categoryId: salts, nicotineMgMl: 20, volumeMl: 10 }),
    );
    expect(salt.body.product).toMatchObject({ kind: 'liquid', tankCount: 1 });
    const cable = await admin.post('/api/admin/products/create', product({ name: 'Кабел USB-C' }));
    expect(cable.body.product).toMatchObject({ kind: 'accessory' });
    // The shop's answer carries the kind beside the plain fields.
    const shown = await shop.browser().get(`/api/products/${twins.body.product.slug}`);
    expect(shown.body.product).toMatchObject({ nicotineMgMl: 20, volumeMl: 4, kind: 'device', tankCount: 2 });
  });
});

describe('the directive on update', () => {
  let id: number;
  beforeAll(async () => {
    id = (
      await admin.post(
        '/api/admin/products',
        product({
          name: 'TRIPLES тест',
          kind: 'device',
          tankCount: 3,
          nicotineMgMl: 20,
          volumeMl: 6,
          variants: [{ name: '20 mg', sku: 'UPD-20', stock: 4, nicotineMgMl: 20 }],
        }),
      )
    ).body.id;
  });

  it('refuses 30 mg/ml in the echoed react-admin record and keeps the product as it was', async () => {
    const record = (await admin.get(`/api/admin/products/${id}`)).body;
    const res = await admin.put(`/api/admin/products/${id}`, { ...record, nicotineMgMl: 30, price: 99 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ nicotineMgMl: CATALOGUE.nicotineTooStrong(20) });
    const after = (await admin.get(`/api/admin/products/${id}`)).body;
    expect(after).toMatchObject({ nicotineMgMl: 20, price: record.price });
  });

  it('checks a partial change against the product as it will be', async () => {
    // 6 ml over 3 tanks is fine; over 2 tanks it is 3 ml a tank.
    const fewer = await admin.put(`/api/admin/products/${id}`, { tankCount: 2 });
    expect(fewer.status).toBe(400);
    expect(fewer.body.errors).toEqual({ volumeMl: CATALOGUE.tankTooBig(2, 3) });
    const [saved] = (await admin.get(`/api/admin/products/${id}`)).body.variants;
    const stronger = await admin.put(`/api/admin/products/${id}`, {
      variants: [{ id: saved.id, name: '20 mg', sku: 'UPD-20', nicotineMgMl: 25 }],
    });
    expect(stronger.status).toBe(400);
    expect(Object.keys(stronger.body.errors)).toEqual(['variants.0.nicotineMgMl']);
    expect((await Variant.query().findOne({ sku: 'UPD-20' }))!.nicotineMgMl).toBe(20);
    // Renaming it says nothing of its strength: it keeps the one it has.
    const renamed = await admin.put(`/api/admin/products/${id}`, { variants: [{ id: saved.id, name: '25 mg', sku: 'UPD-20' }] });
    expect(renamed.status).toBe(200);
    expect(renamed.body.variants[0]).toMatchObject({ name: '25 mg', nicotineMgMl: 20 });
    const ok = await admin.put(`/api/admin/products/${id}`, { volumeMl: 8, tankCount: 4 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ volumeMl: 8, tankCount: 4 });
    // Becoming a 8 ml liquid is within the 10 ml of a nicotine liquid.
    expect((await admin.put(`/api/admin/products/${id}`, { kind: 'liquid' })).status).toBe(200);
  });

  it('lists and filters by kind in the react-admin dialect', async () => {
    const res = await admin.get(`/api/admin/products?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ kind: 'pod' }))}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((p: any) => p.kind === 'pod')).toBe(true);
    expect((await admin.get(`/api/admin/products?range=[0,9]&filter=${encodeURIComponent(JSON.stringify({ kind: 'vape' }))}`)).status).toBe(
      400,
    );
  });
});

describe('products saved before kinds existed', () => {
  it('get the kind and tanks their name, category, figures and "Вкус N" attributes say', async () => {
    const triples = await Category.query().insert({ name: 'TRIPLES', slug: 'triples-old' } as Partial<Category>);
    const accessories = await Category.query().insert({ name: 'Аксесоари', slug: 'aksesoari-old' } as Partial<Category>);
    const old = async (name: string, fields: Partial<Product>) =>
      (
        await Product.query().insert({
          name,
          slug: `old-${++n}`,
          price: 1000,
          status: 'active',
          searchText: '',
          ...fields,
        } as Partial<Product>)
      ).id;
    const device = await old('TRIPLES Fresh', { categoryId: triples.id, nicotineMgMl: 20, volumeMl: 6 });
    await Variant.query().insert({ productId: device, sku: 'OLD-TR-20', name: '20 mg', stock: 3 } as Partial<Variant>);
    const liquid = await old('Течност Мента 10 ml', { nicotineMgMl: 12, volumeMl: 10 });
    const pod = await old('Патрони за TWINS, 3 бр.', { nicotineMgMl: 20, volumeMl: 6 });
    const cable = await old('Кабел', { categoryId: accessories.id });
    for (const chamber of ['Вкус 1', 'Вкус 2', 'Вкус 3']) {
      const a =
        (await Attribute.query().findOne({ name: chamber })) ?? (await Attribute.query().insert({ name: chamber } as Partial<Attribute>));
      const v = await AttributeValue.query().insert({ attributeId: a.id, value: `Мента ${chamber}` } as Partial<AttributeValue>);
      await ProductAttribute.query().insert({ productId: device, attributeId: a.id, attributeValueId: v.id } as Partial<ProductAttribute>);
    }
    await fillKinds(Product.knex());
    const kinds = async (id: number) => {
      const p = await Product.query().findById(id);
      return [p!.kind, p!.tankCount];
    };
    expect(await kinds(device)).toEqual(['device', 3]);
    expect(await kinds(liquid)).toEqual(['liquid', 1]);
    expect(await kinds(pod)).toEqual(['pod', 1]);
    expect(await kinds(cable)).toEqual(['accessory', 1]);
    // And they keep working: the TRIPLES device saves as it is.
    const record = (await admin.get(`/api/admin/products/${device}`)).body;
    expect((await admin.put(`/api/admin/products/${device}`, { ...record, price: 35.9 })).status).toBe(200);
  });
});

describe('the demo catalogue', () => {
  it('gives every product its kind, within the directive, and seeds the flavour lists', async () => {
    const demo = await makeShop();
    try {
      expect(await seedIfEmpty(demo.app.knex, { uploadDir: demo.config.uploadDir })).toBe(true);
      const products = await demo.app.knex('products').select('id', 'slug', 'kind', 'tankCount', 'nicotineMgMl', 'volumeMl');
      const variants = await demo.app.knex('variants').select('productId', 'name', 'nicotineMgMl');
      for (const p of products) {
        const errors = directiveErrors({ ...p, variants: variants.filter((v) => v.productId === p.id) });
        expect([p.slug, errors]).toEqual([p.slug, {}]);
      }
      // The strength variants ("0 mg", "10 mg", "20 mg") carry it as a field.
      const strengths = variants.filter((v) => / mg$/.test(v.name));
      expect(strengths.length).toBeGreaterThan(0);
      for (const v of strengths) expect([v.name, v.nicotineMgMl]).toEqual([v.name, parseFloat(v.name)]);
      const bySlug = Object.fromEntries(products.map((p) => [p.slug, [p.kind, p.tankCount]]));
      expect(bySlug['vap-solo-twins']).toEqual(['device', 2]);
      expect(bySlug['vap-solo-triples']).toEqual(['device', 3]);
      expect(bySlug['technost-yagoda-10-ml']).toEqual(['liquid', 1]);
      expect(bySlug['usb-c-kabel-za-zarezhdane']).toEqual(['accessory', 1]);
      const lists = await demo.app.knex('flavourLists').select('name', 'flavours');
      expect(lists.map((l) => l.name)).toContain('Вкусове TWINS и TRIPLES');
      expect(JSON.parse(lists.find((l) => l.name === 'Вкусове TWINS и TRIPLES').flavours)).toHaveLength(10);
      expect(Object.values(PRODUCT_KIND_LABELS)).toEqual(['Устройство', 'Под / патрон', 'Течност', 'Аксесоар']);
    } finally {
      await demo.close();
    }
  });
});
