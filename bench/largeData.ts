// A shop at scale for the benchmarks: 10,000 products with 40,000 variants, 20,000 customers,
// 100,000 orders with their items, payments and history events. Plain batched inserts in one
// transaction; deterministic (a seeded random), so runs compare.
import type { Knex } from 'knex';
import { searchable, slugify } from '@domain/slug';
import { searchIndex } from '@domain/search';
import { GUEST_ORDER_LIMITS_DEFAULT, GUEST_ORDER_LIMIT_MAX } from '@domain/limits';
import { hashPassword } from '../backend/src/modules/auth/passwords';

export interface Sizes {
  products: number;
  variantsPerProduct: number;
  customers: number;
  orders: number;
}
export const FULL: Sizes = { products: 10_000, variantsPerProduct: 4, customers: 20_000, orders: 100_000 };

const FLAVOURS = ['Ягода', 'Мента', 'Диня', 'Манго', 'Кола', 'Лимон', 'Боровинка', 'Грозде', 'Праскова', 'Ванилия', 'Кафе', 'Тютюн'];
const FIRST = ['Мария', 'Иван', 'Георги', 'Елена', 'Петър', 'Никол', 'Димитър', 'Виктория', 'Александър', 'Радост'];
const LAST = ['Иванова', 'Петров', 'Георгиева', 'Димитров', 'Николова', 'Стоянов', 'Василева', 'Тодоров', 'Колева', 'Атанасов'];
const CITIES = ['София', 'Пловдив', 'Варна', 'Бургас', 'Русе', 'Стара Загора', 'Плевен'];
const STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled'] as const;

function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

export async function generateLargeData(knex: Knex, sizes: Sizes = FULL, log: (s: string) => void = () => undefined) {
  const rnd = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const now = Date.now();
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
  const passwordHash = await hashPassword('bench-parola-1');

  await knex.transaction(async (trx) => {
    const at = iso(0);
    const lines = [
      { name: 'TWINS', slug: 'twins', parentId: null },
      { name: 'TRIPLES', slug: 'triples', parentId: null },
      { name: 'Течности', slug: 'technosti', parentId: null },
    ];
    const categoryIds: number[] = [];
    for (const [position, c] of lines.entries()) {
      const [row] = await trx('categories')
        .insert({ ...c, position, description: '', createdAt: at, updatedAt: at })
        .returning('id');
      categoryIds.push(typeof row === 'object' ? row.id : row);
    }

    const products = [];
    for (let i = 1; i <= sizes.products; i++) {
      const line = pick(['TWINS', 'TRIPLES', 'Течност'] as const);
      const name = `${line} ${pick(FLAVOURS)} и ${pick(FLAVOURS)} ${i}`;
      const slug = slugify(`${name}`);
      products.push({
        slug,
        name,
        description: `${name}: вейп устройство VAP SOLO.`,
        status: i % 20 === 0 ? 'draft' : 'active',
        price: 990 + Math.floor(rnd() * 5000),
        categoryId: categoryIds[line === 'TWINS' ? 0 : line === 'TRIPLES' ? 1 : 2],
        nicotineMgMl: 20,
        volumeMl: 4,
        featured: i % 97 === 0,
        seoTitle: '',
        seoDescription: '',
        searchText: searchIndex(name, slug),
        createdAt: iso(i * 60_000),
        updatedAt: at,
      });
    }
    await trx.batchInsert('products', products as any[], 500);
    log(`${sizes.products} products`);
    const productRows: Array<{ id: number; name: string; price: number }> = await trx('products').select('id', 'name', 'price');

    const variants = [];
    for (const p of productRows) {
      for (let v = 0; v < sizes.variantsPerProduct; v++) {
        variants.push({
          productId: p.id,
          sku: `B-${p.id}-${v}`,
          name: `${v * 5} mg`,
          price: v === 3 ? p.price + 200 : null,
          stock: Math.floor(rnd() * 200),
          position: v,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    await trx.batchInsert('variants', variants as any[], 500);
    log(`${variants.length} variants`);
    const variantRows: Array<{ id: number; productId: number; name: string; sku: string; price: number | null }> = await trx(
      'variants',
    ).select('id', 'productId', 'name', 'sku', 'price');
    const productById = new Map(productRows.map((p) => [p.id, p]));

    const customers = [];
    for (let i = 1; i <= sizes.customers; i++) {
      const [firstName, lastName] = [pick(FIRST), pick(LAST)];
      const email = `klient${i}@example.bg`;
      customers.push({
        email,
        passwordHash,
        firstName,
        lastName,
        phone: `0888${String(i).padStart(6, '0')}`,
        role: 'customer',
        twoFactorEnabled: false,
        searchText: searchable(email, firstName, lastName),
        createdAt: iso(rnd() * 365 * 86400_000),
        updatedAt: at,
      });
    }
    await trx.batchInsert('users', customers as any[], 500);
    log(`${sizes.customers} customers`);
    const userRows: Array<{ id: number; email: string; firstName: string; lastName: string; phone: string }> = await trx('users')
      .where('role', 'customer')
      .select('id', 'email', 'firstName', 'lastName', 'phone');

    const CHUNK = 5_000;
    for (let start = 0; start < sizes.orders; start += CHUNK) {
      const orders = [];
      const picks: Array<Array<{ v: (typeof variantRows)[number]; q: number }>> = [];
      for (let i = start; i < Math.min(sizes.orders, start + CHUNK); i++) {
        const u = pick(userRows);
        const items = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ({ v: pick(variantRows), q: 1 + Math.floor(rnd() * 3) }));
        picks.push(items);
        const subtotal = items.reduce((s, it) => s + (it.v.price ?? productById.get(it.v.productId)!.price) * it.q, 0);
        const shipping = subtotal >= 10000 ? 0 : 590;
        // The shop numbers orders VS-(10000 + id); ids here run 1, 2, … in a fresh database.
        const number = `VS-${10000 + i + 1}`;
        const createdAt = iso(rnd() * 365 * 86400_000);
        orders.push({
          number,
          userId: u.id,
          status: pick(STATUSES),
          paymentStatus: 'unpaid',
          paymentMethod: rnd() < 0.8 ? 'cod' : 'bank_transfer',
          customerFirstName: u.firstName,
          customerLastName: u.lastName,
          customerEmail: u.email,
          customerPhone: u.phone,
          shippingMethod: 'econt_office',
          shippingCity: pick(CITIES),
          shippingPostcode: '1000',
          shippingAddress: 'Офис на Еконт',
          subtotal,
          discountTotal: 0,
          shippingTotal: shipping,
          total: subtotal + shipping,
          currency: 'BGN',
          note: '',
          staffNote: '',
          trackingNumber: '',
          searchText: searchable(number, u.firstName, u.lastName, u.email, u.phone),
          createdAt,
          updatedAt: createdAt,
        });
      }
      await trx.batchInsert('orders', orders as any[], 300);
      const ids: Array<{ id: number; number: string; total: number; paymentMethod: string; createdAt: string; status: string }> = await trx(
        'orders',
      )
        .whereIn(
          'number',
          orders.map((o) => o.number),
        )
        .select('id', 'number', 'total', 'paymentMethod', 'createdAt', 'status');
      const byNumber = new Map(ids.map((o) => [o.number, o]));
      const items = [];
      const payments = [];
      const events = [];
      for (const [k, o] of orders.entries()) {
        const row = byNumber.get(o.number)!;
        for (const it of picks[k]) {
          const p = productById.get(it.v.productId)!;
          const unit = it.v.price ?? p.price;
          items.push({
            orderId: row.id,
            productId: p.id,
            variantId: it.v.id,
            productName: p.name,
            variantName: it.v.name,
            sku: it.v.sku,
            attributes: '[]',
            personalization: '',
            unitPrice: unit,
            quantity: it.q,
            lineTotal: unit * it.q,
          });
        }
        payments.push({
          orderId: row.id,
          method: row.paymentMethod,
          amount: row.total,
          status: row.status === 'delivered' ? 'paid' : 'pending',
          reference: row.number,
          createdAt: row.createdAt,
          updatedAt: row.createdAt,
        });
        events.push({
          orderId: row.id,
          type: 'created',
          fromStatus: null,
          toStatus: 'pending',
          note: '',
          actorLabel: 'Гост',
          createdAt: row.createdAt,
        });
      }
      await trx.batchInsert('order_items', items as any[], 500);
      await trx.batchInsert('payments', payments as any[], 500);
      await trx.batchInsert('order_events', events as any[], 500);
      log(`${Math.min(sizes.orders, start + CHUNK)} orders`);
    }
  });
}

/** The guest-order limits a load run needs: every virtual client orders from one address, phone
 *  and e-mail, so the shop's own limits (a proof of work after a few orders, then 429) would turn
 *  the checkout scenario into refusals. Written as the setting staff change (the `guestOrders`
 *  group), before the server starts; the counts are still written with every order, as in a shop. */
export async function allowBenchGuestOrders(knex: Knex): Promise<void> {
  const high = GUEST_ORDER_LIMIT_MAX;
  const value = {
    ...GUEST_ORDER_LIMITS_DEFAULT,
    perAddressSoft: high,
    perAddressHard: high,
    perPhoneSoft: high,
    perPhoneHard: high,
    perEmailSoft: high,
    perEmailHard: high,
  };
  await knex('settings')
    .insert({ key: 'guestOrders', value: JSON.stringify(value), updatedAt: new Date().toISOString() })
    .onConflict('key')
    .merge();
}
