import { BaseModel, S } from './BaseModel';
import { PRODUCT_STATUSES, ProductStatus, TITLE_MAX, SLUG_MAX, TEXT_MAX, NICOTINE_MAX_MG_ML, VOLUME_MAX_ML } from '@domain/limits';
import { searchIndex } from '@domain/search';
import { PRODUCT_KINDS, type ProductKind } from '@domain/productKinds';
import { TANK_COUNT_MAX } from '@domain/limits';
import type { Category } from './Category';
import type { Variant } from './Variant';
import type { ProductImage } from './ProductImage';
import type { ProductAttribute } from './ProductAttribute';

export class Product extends BaseModel {
  static tableName = 'products';
  static moneyFields = ['price', 'compareAtPrice'];
  static booleanFields = ['featured', 'disposable'];

  slug!: string;
  name!: string;
  description!: string;
  status!: ProductStatus;
  price!: number;
  compareAtPrice!: number | null;
  categoryId!: number | null;
  nicotineMgMl!: number | null;
  volumeMl!: number | null;
  /** Device, pod, liquid or accessory: which of the directive's limits apply (domain/productKinds). */
  kind!: ProductKind;
  /** Tanks of a device or cartridges in a pack: the 2 ml limit is per tank. */
  tankCount!: number;
  /** For the courier's waybill (couriers module); null: the default weight in settings. */
  weightGrams!: number | null;
  featured!: boolean;
  /** A disposable device: banned from sale since 2025, never active (modules/catalogue/productSave). */
  disposable!: boolean;
  /** A trade line of it: at least this many units, in multiples of `tradeMultiple`, or of the
   *  variant's pack size while that is null (domain/trade tradeQuantityRule). */
  tradeMinimumQuantity!: number;
  tradeMultiple!: number | null;
  seoTitle!: string;
  seoDescription!: string;
  searchText!: string;
  createdAt!: string;
  updatedAt!: string;
  /** Raised by every write through the record's write path (platform/db/versions). */
  version!: number;

  category?: Category | null;
  variants?: Variant[];
  images?: ProductImage[];
  productAttributes?: ProductAttribute[];

  static jsonSchema = {
    type: 'object',
    required: ['name', 'slug', 'price'],
    properties: {
      slug: S.str(SLUG_MAX, 1),
      name: S.str(TITLE_MAX, 1),
      description: S.str(TEXT_MAX),
      status: S.enum(PRODUCT_STATUSES),
      price: S.int(0),
      compareAtPrice: S.intOrNull(0),
      categoryId: S.idOrNull,
      nicotineMgMl: S.num(0, NICOTINE_MAX_MG_ML),
      volumeMl: S.num(0, VOLUME_MAX_ML),
      kind: S.enum(PRODUCT_KINDS),
      tankCount: S.int(1, TANK_COUNT_MAX),
      featured: S.bool,
      disposable: S.bool,
      tradeMinimumQuantity: S.int(1),
      tradeMultiple: S.intOrNull(1),
      seoTitle: S.str(TITLE_MAX),
      seoDescription: S.str(500),
    },
  };

  /** What catalogue search looks through: name, slug, description, plus SKUs and flavour values,
   *  in both scripts (domain/search). */
  static searchTextOf(p: { name?: string; description?: string; slug?: string }, terms: string[] = []): string {
    return searchIndex(p.name, p.slug, p.description, ...terms);
  }

  static get relationMappings() {
    const { Category } = require('./Category');
    const { Variant } = require('./Variant');
    const { ProductImage } = require('./ProductImage');
    const { ProductAttribute } = require('./ProductAttribute');
    return {
      category: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Category,
        join: { from: 'products.category_id', to: 'categories.id' },
      },
      variants: { relation: BaseModel.HasManyRelation, modelClass: Variant, join: { from: 'products.id', to: 'variants.product_id' } },
      images: {
        relation: BaseModel.HasManyRelation,
        modelClass: ProductImage,
        join: { from: 'products.id', to: 'product_images.product_id' },
      },
      productAttributes: {
        relation: BaseModel.HasManyRelation,
        modelClass: ProductAttribute,
        join: { from: 'products.id', to: 'product_attributes.product_id' },
      },
    };
  }
}
