// Demo order history (about two months) so the dashboard, the analysis page and the order
// lists have something real to show on a fresh install. Deterministic: the same catalogue gives
// the same orders. Written directly (historical dates; the demo stock is not reduced by them).
import type { Knex } from 'knex';
import { computeTotals } from '@domain/pricing';
import { searchable } from '@domain/slug';
import { ORDER_TRANSITIONS, OrderStatus } from '@domain/orderStatus';
import { DEFAULT_SETTINGS, shippingRule } from '../backend/src/modules/settings/service';
import { orderNumber } from '../backend/src/modules/checkout/service';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A small deterministic random generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GUESTS = [
  ['Иван', 'Колев', 'ivan.kolev@example.bg', '+359887111222', 'Пловдив', '4000'],
  ['Петя', 'Маринова', 'petya.marinova@example.bg', '+359898222333', 'Варна', '9000'],
  ['Стефан', 'Тодоров', 'stefan.todorov@example.bg', '+359876333444', 'Бургас', '8000'],
  ['Анна', 'Василева', 'anna.vasileva@example.bg', '+359885444555', 'Русе', '7000'],
  ['Димитър', 'Николов', 'dimitar.nikolov@example.bg', '+359897555666', 'Стара Загора', '6000'],
  ['Виктория', 'Ангелова', 'viktoria.angelova@example.bg', '+359879666777', 'Плевен', '5800'],
] as const;
const OFFICES: Record<string, string[]> = {
  econt_office: ['Еконт офис Център', 'Еконт офис Гара', 'Еконт офис Младост'],
  speedy_office: ['Спиди офис Централен', 'Спиди офис Люлин', 'Спиди офис Тракия'],
  address: ['ул. „Граф Игнатиев“ 12, ет. 3', 'бул. „България“ 88, ап. 14', 'ул. „Шипка“ 5'],
};

/** The path of statuses an order of this age has walked, ending where it is now. */
function pathFor(ageDays: number, r: () => number): OrderStatus[] {
  const roll = r();
  if (ageDays < 1) return roll < 0.7 ? ['pending'] : ['pending', 'confirmed'];
  if (ageDays < 3)
    return roll < 0.3
      ? ['pending']
      : roll < 0.6
        ? ['pending', 'confirmed']
        : roll < 0.93
          ? ['pending', 'confirmed', 'shipped']
          : ['pending', 'cancelled'];
  if (roll < 0.06) return ['pending', 'cancelled'];
  if (roll < 0.1) return ['pending', 'confirmed', 'cancelled'];
  if (roll < 0.13 && ageDays > 10) return ['pending', 'confirmed', 'shipped', 'delivered', 'returned'];
  if (ageDays < 5) return ['pending', 'confirmed', 'shipped'];
  return ['pending', 'confirmed', 'shipped', 'delivered'];
}

export async function seedDemoOrders(trx: Knex.Transaction, now: number): Promise<void> {
  const r = random(20261122);
  const products = await trx('products').where({ status: 'active' }).select('id', 'name', 'price');
  const variants = await trx('variants')
    .whereIn(
      'productId',
      products.map((p) => p.id),
    )
    .select('id', 'productId', 'name', 'sku', 'price');
  const offered = await trx('productAttributes')
    .join('attributes', 'attributes.id', 'productAttributes.attributeId')
    .join('attributeValues', 'attributeValues.id', 'productAttributes.attributeValueId')
    .select('productAttributes.productId', 'attributes.name as attribute', 'attributeValues.value');
  const customers = await trx('users').where({ role: 'customer' }).select('id', 'email', 'firstName', 'lastName', 'phone');
  const admin = 'Екип VAP SOLO';
  const rule = shippingRule(DEFAULT_SETTINGS);

  // Flagships sell most: weight them.
  const weighted = products.flatMap((p) => (/^VAP SOLO (TWINS|TRIPLES)$/.test(p.name) ? [p, p, p, p] : [p]));

  // Oldest first, so order numbers grow with time as in a real shop.
  const ages = Array.from({ length: 90 }, () => Math.pow(r(), 1.3) * 60).sort((a, b) => b - a);
  for (const [n, ageDays] of ages.entries()) {
    const createdMs = now - ageDays * DAY_MS;
    const createdAt = new Date(createdMs).toISOString();
    const customer = r() < 0.55 && customers.length ? customers[Math.floor(r() * customers.length)] : null;
    const guest = GUESTS[Math.floor(r() * GUESTS.length)];
    const person = customer
      ? {
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          phone: customer.phone,
          city: 'София',
          postcode: '1000',
        }
      : { firstName: guest[0], lastName: guest[1], email: guest[2], phone: guest[3], city: guest[4], postcode: guest[5] };
    const method = (['econt_office', 'speedy_office', 'address'] as const)[Math.floor(r() * 3)];
    const paymentMethod = r() < 0.75 ? 'cod' : 'bank_transfer';

    const lineCount = 1 + Math.floor(r() * r() * 3);
    const lines = Array.from({ length: lineCount }, () => {
      const p = weighted[Math.floor(r() * weighted.length)];
      const own = variants.filter((v) => v.productId === p.id);
      const v = own[Math.floor(r() * own.length)];
      const attrs = new Map<string, string[]>();
      for (const o of offered.filter((o) => o.productId === p.id)) attrs.set(o.attribute, [...(attrs.get(o.attribute) ?? []), o.value]);
      const attributes = [...attrs.entries()].map(([name, values]) => ({ name, value: values[Math.floor(r() * values.length)] }));
      const quantity = 1 + Math.floor(r() * r() * 3);
      const unitPrice = v.price ?? p.price;
      return { p, v, attributes, quantity, unitPrice, lineTotal: unitPrice * quantity };
    });
    const totals = computeTotals(lines, { method, rule });
    const path = pathFor(ageDays, r);
    const status = path[path.length - 1];
    const paid =
      status === 'delivered' ||
      status === 'returned' ||
      (paymentMethod === 'bank_transfer' && path.includes('confirmed') && status !== 'cancelled');
    const paymentStatus = status === 'returned' && paid ? 'refunded' : paid ? 'paid' : 'unpaid';
    const stepMs = (i: number) => createdMs + Math.min(i * (8 + r() * 30) * HOUR_MS, ageDays * DAY_MS * (i / path.length));
    const deliveredIndex = path.indexOf('delivered');
    const deliveredAt = deliveredIndex >= 0 ? new Date(stepMs(deliveredIndex)).toISOString() : null;

    const [row] = await trx('orders')
      .insert({
        number: `seed-${n}`,
        userId: customer?.id ?? null,
        status,
        paymentStatus,
        paymentMethod,
        customerFirstName: person.firstName,
        customerLastName: person.lastName,
        customerEmail: person.email,
        customerPhone: person.phone,
        shippingMethod: method,
        shippingCity: person.city,
        shippingPostcode: person.postcode,
        shippingAddress: OFFICES[method][Math.floor(r() * OFFICES[method].length)],
        subtotal: totals.subtotal,
        discountTotal: 0,
        shippingTotal: totals.shippingTotal,
        total: totals.total,
        currency: 'BGN',
        note: r() < 0.15 ? 'Моля, обадете се преди доставка.' : '',
        staffNote: '',
        trackingNumber: path.includes('shipped') ? `10${Math.floor(1e9 + r() * 8e9)}` : '',
        searchText: '',
        deliveredAt,
        createdAt,
        updatedAt: new Date(stepMs(path.length - 1)).toISOString(),
      })
      .returning('id');
    const orderId = typeof row === 'object' ? row.id : row;
    const number = orderNumber(orderId);
    await trx('orders')
      .where({ id: orderId })
      .update({ number, searchText: searchable(number, person.firstName, person.lastName, person.email, person.phone) });

    await trx('orderItems').insert(
      lines.map((l) => ({
        orderId,
        productId: l.p.id,
        variantId: l.v.id,
        productName: l.p.name,
        variantName: l.v.name,
        sku: l.v.sku,
        attributes: JSON.stringify(l.attributes),
        personalization: '',
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        lineTotal: l.lineTotal,
      })),
    );
    const paidAt = paid ? new Date(stepMs(paymentMethod === 'cod' ? Math.max(deliveredIndex, 1) : 1)).toISOString() : null;
    await trx('payments').insert({
      orderId,
      method: paymentMethod,
      amount: totals.total,
      status: paymentStatus === 'refunded' ? 'refunded' : paid ? 'paid' : 'pending',
      reference: number,
      paidAt,
      refundedAt: paymentStatus === 'refunded' ? new Date(stepMs(path.length - 1)).toISOString() : null,
      createdAt,
      updatedAt: createdAt,
    });
    await trx('orderEvents').insert(
      path.map((to, i) => ({
        orderId,
        type: i === 0 ? 'created' : 'status',
        fromStatus: i === 0 ? null : path[i - 1],
        toStatus: to,
        note: '',
        actorUserId: i === 0 ? (customer?.id ?? null) : null,
        actorLabel: i === 0 ? `${person.firstName} ${person.lastName}` : admin,
        createdAt: new Date(stepMs(i)).toISOString(),
      })),
    );
    if (status === 'pending' && ageDays < 2) {
      await trx('notifications').insert({
        type: 'order',
        message: `Нова поръчка ${number} от ${person.firstName} ${person.lastName}`,
        link: `/admin/orders/${orderId}`,
        isRead: false,
        createdAt,
      });
    }
    // Only moves the state machine allows were written.
    for (let i = 1; i < path.length; i++)
      if (!ORDER_TRANSITIONS[path[i - 1]].includes(path[i])) throw new Error(`demo order path ${path.join('>')}`);
  }

  const at = new Date(now - 30 * DAY_MS).toISOString();
  await trx('discounts').insert([
    {
      code: 'WELCOME10',
      type: 'percent',
      value: 10,
      minSubtotal: 0,
      perCustomerLimit: 1,
      usedCount: 0,
      active: true,
      createdAt: at,
      updatedAt: at,
    },
    { code: 'FREESHIP', type: 'free_shipping', value: 0, minSubtotal: 5000, usedCount: 0, active: true, createdAt: at, updatedAt: at },
    {
      code: 'SOLO5',
      type: 'fixed',
      value: 500,
      minSubtotal: 3000,
      usageLimit: 100,
      usedCount: 0,
      active: true,
      createdAt: at,
      updatedAt: at,
    },
  ]);
}
