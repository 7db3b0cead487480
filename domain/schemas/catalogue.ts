// The catalogue: products (with variants, attributes and images), their status, categories, and
// the shop's list query.
import { API, PRODUCT_DATA } from '../messages';
import { GTIN_MAX, isValidGtin } from '../gtin';
import {
  FLAVOUR_LIST_MAX,
  NAME_MAX,
  PAGE_SIZE_MAX,
  PRICE_MAX,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  QUANTITY_MAX,
  SKU_MAX,
  SLUG_MAX,
  STOCK_MAX,
  TEXT_MAX,
  TANK_COUNT_MAX,
  TITLE_MAX,
  URL_MAX,
  VOLUME_MAX_ML,
} from '../limits';
import { PRODUCT_KINDS } from '../productKinds';
import { PRODUCT_WEIGHT_MAX_GRAMS } from '../couriers';
import { z } from 'zod';
import { PRICE_LIST_TEXTS } from '../priceListTexts';

/** The largest pack a variant is sold in (pieces). */
export const PACK_SIZE_MAX = 10000;
/** The most variants one product has. */
export const PRODUCT_VARIANTS_MAX = 100;
import { bool, input, int, list, money, number, oneOf, query, recordVersion, text } from './fields';

export const SKU_PATTERN = /^[A-Za-z0-9._\-/]+$/;
/** An uploaded picture's path or a web address. */
export const IMAGE_URL_PATTERN = /^(\/uploads\/[\w./-]+|https?:\/\/\S+)$/;

/** An attribute value: a string or `{ value }`, not blank, up to NAME_MAX characters. */
const attributeValue = z
  .custom<string | { id?: number; value: string }>(
    (v) => {
      const value =
        typeof v === 'string'
          ? v
          : v && typeof v === 'object' && typeof (v as { value?: unknown }).value === 'string'
            ? (v as { value: string }).value
            : null;
      return value !== null && value.trim() !== '' && value.length <= NAME_MAX;
    },
    { error: API.invalidValue },
  )
  .meta({
    // A check JSON Schema cannot say: the reference shows what it takes in words.
    description: `Текст (до ${NAME_MAX} знака) или { value }`,
    examples: ['Мента'],
  });
/** A product's fields; `required` false for a change (PUT: nothing required, at any depth). */
const productFields = <R extends boolean>(required: R) => ({
  name: text(TITLE_MAX, { min: 1, required }),
  slug: text(SLUG_MAX, { min: 1 }),
  description: text(TEXT_MAX),
  status: oneOf(PRODUCT_STATUSES),
  price: money({ min: 0, max: PRICE_MAX, required }),
  compareAtPrice: money({ min: 0, max: PRICE_MAX, nullable: true }),
  categoryId: int({ min: 1, nullable: true }),
  // The upper limits by kind (domain/productKinds) are checked by the service, with their own words.
  nicotineMgMl: number({ min: 0, nullable: true }),
  volumeMl: number({ min: 0, max: VOLUME_MAX_ML, nullable: true }),
  kind: oneOf(PRODUCT_KINDS),
  tankCount: int({ min: 1, max: TANK_COUNT_MAX }),
  weightGrams: int({ min: 1, max: PRODUCT_WEIGHT_MAX_GRAMS, nullable: true }),
  featured: bool(),
  // A disposable device (banned since 2025): never active (modules/catalogue/productSave).
  disposable: bool(),
  // A trade line of it: at least this many units (1: no minimum), in multiples of its own multiple,
  // or of the variant's pack size while that is null (domain/trade tradeQuantityRule).
  tradeMinimumQuantity: int({ min: 1, max: QUANTITY_MAX, message: PRICE_LIST_TEXTS.tradeMinimumInvalid }),
  tradeMultiple: int({ min: 1, max: QUANTITY_MAX, nullable: true, message: PRICE_LIST_TEXTS.tradeMultipleInvalid }),
  seoTitle: text(TITLE_MAX),
  seoDescription: text(500),
  // A list replaces the whole list, so each item is whole, in a change too (a variant without
  // its SKU is refused, not half-saved).
  variants: list(
    input(
      {
        id: int({ min: 1 }),
        name: text(TITLE_MAX, { min: 1, required: true }),
        sku: text(SKU_MAX, { min: 1, required: true, pattern: SKU_PATTERN }),
        price: money({ min: 0, max: PRICE_MAX, nullable: true }),
        // A new variant's first stock (0 when not sent); a saved variant's stock is not changed by
        // a save (the form's figure may be stale): counts and corrections go through the inventory.
        stock: int({ min: 0, max: STOCK_MAX }),
        // Empty or null: none (JSON-LD then names no gtin).
        gtin: text(GTIN_MAX, { pattern: /^(?:|\d{8}|\d{12,14})$/, check: isValidGtin, nullable: true, message: PRODUCT_DATA.gtinInvalid }),
        // Trade quantities are multiples of it; not sent: 1 for a new variant, kept for one saved.
        packSize: int({ min: 1, max: PACK_SIZE_MAX, message: PRICE_LIST_TEXTS.packSizeInvalid }),
        // Its own strength (the upper limit as for the product's); null: the product's; not sent:
        // a saved variant keeps its own.
        nicotineMgMl: number({ min: 0, nullable: true }),
      },
      { ignore: ['productId', 'position', 'createdAt', 'updatedAt'] },
    ),
    { max: PRODUCT_VARIANTS_MAX },
  ),
  attributes: list(
    input(
      { name: text(NAME_MAX, { min: 1, required: true }), values: list(attributeValue, { max: 100, required: true }) },
      { ignore: ['id'] },
    ),
    { max: 20 },
  ),
  images: list(
    input(
      { url: text(URL_MAX, { min: 1, required: true, pattern: IMAGE_URL_PATTERN }), alt: text(200) },
      { ignore: ['id', 'position', 'productId'] },
    ),
    { max: 20 },
  ),
});
const PRODUCT_READ_ONLY = ['id', 'createdAt', 'updatedAt', 'category', 'stock', 'inStock', 'saleRestricted'];
/** A product as staff create it (money in minor units once read). */
export const productInput = input(productFields(true), { ignore: [...PRODUCT_READ_ONLY, 'version'] });
export type ProductInput = z.output<typeof productInput>;
/** A product's change (PUT /admin/products/:id): a new product's fields, none required. */
export const productChangeInput = input({ ...productFields(false), version: recordVersion() }, { ignore: PRODUCT_READ_ONLY });
export type ProductChange = z.output<typeof productChangeInput>;
/** PUT /products/:id/updateStatus. */
export const productStatusInput = input({ status: oneOf(PRODUCT_STATUSES, { required: true }) });

const catalogueFields = {
  page: int({ min: 1, max: 1_000_000 }),
  limit: int({ min: 1, max: PAGE_SIZE_MAX }),
  search: text(200),
  category: text(SLUG_MAX),
  sort: oneOf(PRODUCT_SORTS, { message: API.invalidSort }),
  minPrice: number({ min: 0, max: PRICE_MAX }),
  maxPrice: number({ min: 0, max: PRICE_MAX }),
};
/** GET /products (the shop: active products only). */
export const catalogueQuery = query(catalogueFields);
/** GET /admin/products without react-admin's range: any status, or one. */
export const staffCatalogueQuery = query({ ...catalogueFields, status: oneOf(PRODUCT_STATUSES) });

const CATEGORY_READ_ONLY = ['id', 'productCount', 'createdAt', 'updatedAt', 'parent', 'children'];
const categoryFields = <R extends boolean>(required: R) => ({
  name: text(NAME_MAX, { min: 1, required }),
  parentId: int({ min: 1, nullable: true }),
  position: int({ min: 0, max: 100000 }),
  description: text(TEXT_MAX),
  slug: text(SLUG_MAX, { min: 1 }),
});
/** A category (create), and its change (PUT: nothing required). */
export const categoryInput = input(categoryFields(true), { ignore: [...CATEGORY_READ_ONLY, 'version'] });
export type CategoryInput = z.output<typeof categoryInput>;
export const categoryChangeInput = input({ ...categoryFields(false), version: recordVersion() }, { ignore: CATEGORY_READ_ONLY });
export type CategoryChange = z.output<typeof categoryChangeInput>;
/** The plain update call (PUT /admin/categories/:id) names its fields differently. */
export const categorySpecChangeInput = input({
  categoryName: text(NAME_MAX, { min: 1 }),
  parentCategoryId: int({ min: 1, nullable: true }),
});

/** A reusable flavour list (admin: Вкусове): its name and the flavours, one per entry; and its
 *  change (PUT: nothing required). */
const flavourListFields = <R extends boolean>(required: R) => ({
  name: text(NAME_MAX, { min: 1, required }),
  flavours: list(text(NAME_MAX, { min: 1, item: true }), { max: FLAVOUR_LIST_MAX, required }),
});
const FLAVOUR_LIST_READ_ONLY = ['id', 'createdAt', 'updatedAt', 'flavourCount'];
export const flavourListInput = input(flavourListFields(true), { ignore: [...FLAVOUR_LIST_READ_ONLY, 'version'] });
export const flavourListChangeInput = input({ ...flavourListFields(false), version: recordVersion() }, { ignore: FLAVOUR_LIST_READ_ONLY });
