// The migration that fills the forgiving search index for products written before it.
import { shopForThisFile } from './helpers';
import { Product, Variant, Attribute, AttributeValue, ProductAttribute } from '../src/models';
import { up } from '../src/platform/db/migrations/20261123190000_product_search_index';
import { searchable } from '@domain/slug';

const shop = shopForThisFile();

it('rewrites old search texts so Latin spellings and flavours find the product', async () => {
  const p = await Product.query().insert({
    name: 'TWINS Диня',
    slug: 'twins-dinya-old',
    price: 1000,
    status: 'active',
    searchText: searchable('TWINS Диня'),
  } as Partial<Product>);
  await Variant.query().insert({ productId: p.id, sku: 'OLD-1', name: 'Стандартен', stock: 3 } as Partial<Variant>);
  const flavour = await Attribute.query().insert({ name: 'Вкус' } as Partial<Attribute>);
  const value = await AttributeValue.query().insert({ attributeId: flavour.id, value: 'Боровинка' } as Partial<AttributeValue>);
  await ProductAttribute.query().insert({
    productId: p.id,
    attributeId: flavour.id,
    attributeValueId: value.id,
  } as Partial<ProductAttribute>);
  const found = async (q: string) =>
    (await shop.browser().get(`/api/products?search=${encodeURIComponent(q)}`)).body.products.map((x: any) => x.id);
  expect(await found('borovinka')).not.toContain(p.id);
  await up(Product.knex());
  const row = await Product.query().findById(p.id);
  expect(row!.searchText).toContain('borovinka');
  expect(row!.searchText).toContain('dinya');
  expect(row!.searchText).toContain('old-1');
});
