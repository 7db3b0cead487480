// Writes the demo catalogue (seeds/catalogue.ts) into an empty database in one transaction,
// and copies its product pictures (seeds/images/*.svg) into <uploadDir>/demo/, where
// /uploads/demo/<file> serves them.
//
// Demo customers all sign in with the password 'demo-parola-1' (DEMO_CUSTOMER_PASSWORD).
// No administrator is created here: the server does that (ADMIN_EMAIL/ADMIN_PASSWORD).
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { toMinor } from '@domain/money';
import { searchable } from '@domain/slug';
import { shopDay } from '@domain/dates';
import { Product } from '../backend/src/models/Product';
import { hashPassword } from '../backend/src/modules/auth/passwords';
import { ROOT } from '../backend/src/config';
import {
  CATEGORIES,
  PRODUCTS,
  CUSTOMERS,
  DEMO_CUSTOMER_PASSWORD,
  CATEGORY_KINDS,
  FLAVOUR_LISTS,
  PACK_SIZES,
  PRICE_LISTS,
} from './catalogue';
import { seedDemoOrders } from './orders';
import { DEMO_TRADE_COMPANY } from './trade';

export const DEMO_IMAGES_DIR = path.join(ROOT, 'seeds', 'images');
/** Where the pictures go under the upload directory, and the URL prefix that serves them. */
export const DEMO_UPLOAD_SUBDIR = 'demo';
const DEMO_URL_PREFIX = `/uploads/${DEMO_UPLOAD_SUBDIR}/`;

const DAY_MS = 24 * 60 * 60 * 1000;
/** An ISO timestamp `days` days before `now`, at a fixed time of day so the order is stable. */
const daysAgo = (now: number, days: number, minutes = 0) => new Date(now - days * DAY_MS + minutes * 60_000).toISOString();

/** Copies seeds/images/*.svg into <uploadDir>/demo/, keeping any file already there. */
export function installDemoImages(uploadDir: string): void {
  const target = path.join(uploadDir, DEMO_UPLOAD_SUBDIR);
  fs.mkdirSync(target, { recursive: true });
  for (const file of fs.readdirSync(DEMO_IMAGES_DIR)) {
    if (!file.endsWith('.svg')) continue;
    const to = path.join(target, file);
    if (!fs.existsSync(to)) fs.copyFileSync(path.join(DEMO_IMAGES_DIR, file), to);
  }
}

async function insertId(trx: Knex.Transaction, table: string, row: Record<string, unknown>): Promise<number> {
  const [inserted] = await trx(table).insert(row).returning('id');
  return typeof inserted === 'object' ? inserted.id : inserted;
}

export async function seedDemo(knex: Knex, opts: { uploadDir: string }): Promise<void> {
  installDemoImages(opts.uploadDir);

  // Hashing is slow on purpose: do it before the transaction holds the connection.
  const passwordHashes = await Promise.all(CUSTOMERS.map(() => hashPassword(DEMO_CUSTOMER_PASSWORD)));
  const tradeHash = await hashPassword(DEMO_CUSTOMER_PASSWORD);
  const now = Date.now();

  await knex.transaction(async (trx) => {
    // Categories: parents before children (the catalogue lists them in that order).
    const categoryIds = new Map<string, number>();
    const positions = new Map<string, number>();
    for (const c of CATEGORIES) {
      const parentKey = c.parent ?? '';
      const position = positions.get(parentKey) ?? 0;
      positions.set(parentKey, position + 1);
      const at = daysAgo(now, 250, position);
      const parentId = c.parent ? categoryIds.get(c.parent) : null;
      if (parentId === undefined) throw new Error(`demo category ${c.slug}: parent ${c.parent} must come first`);
      categoryIds.set(
        c.slug,
        await insertId(trx, 'categories', {
          name: c.name,
          slug: c.slug,
          description: c.description,
          parentId,
          position,
          createdAt: at,
          updatedAt: at,
        }),
      );
    }

    // Attributes and their values are shared by products: one 'Вкус 1' with all its values.
    const attributeIds = new Map<string, number>();
    const valueIds = new Map<string, number>(); // `${attribute}\u0000${value}`
    for (const p of PRODUCTS) {
      for (const [name, values] of Object.entries(p.attributes ?? {})) {
        if (!attributeIds.has(name)) attributeIds.set(name, await insertId(trx, 'attributes', { name }));
        const attributeId = attributeIds.get(name)!;
        for (const value of values) {
          const key = `${name}\u0000${value}`;
          if (!valueIds.has(key)) valueIds.set(key, await insertId(trx, 'attribute_values', { attributeId, value }));
        }
      }
    }

    for (const p of PRODUCTS) {
      const categoryId = categoryIds.get(p.category);
      if (categoryId === undefined) throw new Error(`demo product ${p.slug}: unknown category ${p.category}`);
      const createdAt = daysAgo(now, p.daysAgo);
      // Products edited a little after they were added, as a real catalogue is.
      const updatedAt = daysAgo(now, Math.max(0, p.daysAgo - 3));
      const firstSentence = p.description.split(/(?<=\.)\s/)[0];
      const productId = await insertId(trx, 'products', {
        slug: p.slug,
        name: p.name,
        description: p.description,
        status: p.status ?? 'active',
        price: toMinor(p.price),
        compareAtPrice: p.compareAtPrice === undefined ? null : toMinor(p.compareAtPrice),
        categoryId,
        nicotineMgMl: p.nicotineMgMl ?? null,
        volumeMl: p.volumeMl ?? null,
        kind: CATEGORY_KINDS[p.category].kind,
        tankCount: CATEGORY_KINDS[p.category].tankCount,
        featured: p.featured ?? false,
        seoTitle: p.seoTitle ?? `${p.name} | VAP SOLO`,
        seoDescription: p.seoDescription ?? firstSentence.slice(0, 160),
        searchText: Product.searchTextOf(p, [...p.variants.map((v) => v.sku), ...new Set(Object.values(p.attributes ?? {}).flat())]),
        createdAt,
        updatedAt,
      });

      await trx('variants').insert(
        p.variants.map((v, position) => ({
          productId,
          sku: v.sku,
          name: v.name,
          price: v.price === undefined ? null : toMinor(v.price),
          stock: v.stock,
          nicotineMgMl: v.nicotineMgMl ?? null,
          position,
          packSize: PACK_SIZES[CATEGORY_KINDS[p.category].kind] ?? 1,
          createdAt,
          updatedAt,
        })),
      );
      // The demo stock is each variant's first movement, so the history adds up to it.
      const stocked = await trx('variants').where({ productId }).where('stock', '>', 0).select('id', 'stock');
      if (stocked.length)
        await trx('stock_movements').insert(
          stocked.map((v: { id: number; stock: number }) => ({
            variantId: v.id,
            productId,
            delta: v.stock,
            reason: 'initial',
            note: '',
            stockAfter: v.stock,
            createdAt,
          })),
        );

      await trx('product_images').insert(
        p.images.map((img, position) => ({
          productId,
          url: DEMO_URL_PREFIX + img.file,
          alt: img.alt,
          position,
        })),
      );

      const offered = Object.entries(p.attributes ?? {}).flatMap(([name, values]) =>
        values.map((value, position) => ({
          productId,
          attributeId: attributeIds.get(name)!,
          attributeValueId: valueIds.get(`${name}\u0000${value}`)!,
          position,
        })),
      );
      if (offered.length) await trx('product_attributes').insert(offered);
    }

    const listAt = daysAgo(now, 200);
    const listed = new Set((await trx('flavour_lists').select('name')).map((l) => l.name));
    for (const l of FLAVOUR_LISTS.filter((x) => !listed.has(x.name))) {
      await trx('flavour_lists').insert({ name: l.name, flavours: JSON.stringify(l.flavours), createdAt: listAt, updatedAt: listAt });
    }

    // Trade price lists, kept when a list of that name is there already.
    const priced = new Set((await trx('price_lists').select('name')).map((l) => l.name));
    for (const l of PRICE_LISTS.filter((x) => !priced.has(x.name))) {
      const priceListId = await insertId(trx, 'price_lists', {
        name: l.name,
        discountBp: Math.round(l.discountPercent * 100),
        createdAt: listAt,
        updatedAt: listAt,
      });
      for (const p of l.prices) {
        const variant = await trx('variants').where('sku', p.sku).first('id');
        if (variant) await trx('price_list_prices').insert({ priceListId, variantId: variant.id, netPrice: toMinor(p.netPrice) });
      }
    }

    // A shopper may have registered one of these addresses before the catalogue was seeded.
    const taken = new Set(
      (
        await trx('users')
          .whereIn(
            'email',
            CUSTOMERS.map((c) => c.email),
          )
          .select('email')
      ).map((u) => u.email),
    );
    const customers = CUSTOMERS.map((c, i) => ({ ...c, passwordHash: passwordHashes[i] })).filter((c) => !taken.has(c.email));
    if (customers.length)
      await trx('users').insert(
        customers.map((c, i) => {
          const createdAt = daysAgo(now, c.daysAgo);
          return {
            email: c.email,
            passwordHash: c.passwordHash,
            firstName: c.firstName,
            lastName: c.lastName,
            phone: c.phone,
            role: 'customer',
            twoFactorEnabled: false,
            searchText: searchable(c.email, c.firstName, c.lastName, c.phone),
            // The demo's own addresses: proven, so the demo shows what a customer sees.
            emailVerifiedAt: createdAt,
            createdAt,
            updatedAt: createdAt,
            lastLoginAt: daysAgo(now, Math.floor(c.daysAgo / 4), 600 + i * 37),
          };
        }),
      );

    await seedDemoTradeCompany(trx, now, tradeHash);
    await seedDemoOrders(trx, now);
  });
}

/** One approved trade customer with its member account and two shops listed on
 *  „Къде да купя“, buying on the distributors' price list with a credit limit. */
async function seedDemoTradeCompany(trx: Knex.Transaction, now: number, passwordHash: string): Promise<void> {
  const c = DEMO_TRADE_COMPANY;
  if (await trx('users').where({ email: c.member.email }).first()) return;
  const at = daysAgo(now, 90);
  const companyId = await insertId(trx, 'companies', {
    name: c.name,
    eik: c.eik,
    vatNumber: `BG${c.eik}`,
    address: c.address,
    city: c.city,
    mol: c.mol,
    tobaccoPermit: c.tobaccoPermit,
    tobaccoPermitOffice: c.tobaccoPermitOffice,
    tobaccoPermitExpiresAt: shopDay(new Date(now + c.tobaccoPermitValidDays * DAY_MS)),
    contactFirstName: c.member.firstName,
    contactLastName: c.member.lastName,
    contactEmail: c.member.email,
    contactPhone: c.member.phone,
    status: 'approved',
    statusReason: '',
    priceListId: (await trx('price_lists').where({ name: 'Дистрибутори' }).first('id'))?.id ?? null,
    paymentTermsDays: 14,
    // 5 000,00 in the shop's currency (minor units).
    creditLimit: 500_000,
    approvedAt: daysAgo(now, 88),
    searchText: searchable(c.name, c.eik, c.city, c.member.email),
    createdAt: at,
    updatedAt: at,
  });
  await trx('users').insert({
    email: c.member.email,
    passwordHash,
    firstName: c.member.firstName,
    lastName: c.member.lastName,
    phone: c.member.phone,
    role: 'customer',
    twoFactorEnabled: false,
    companyId,
    searchText: searchable(c.member.email, c.member.firstName, c.member.lastName, c.member.phone),
    emailVerifiedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  for (const [position, shop] of c.shops.entries()) await trx('company_shops').insert({ companyId, ...shop, listed: true, position });
}
