// A steady stream of guest orders beside a load: the shop selling while the catalogue is read.
// Paced by a timer at a fixed rate (not as fast as the server answers), from one guest session,
// every order counted by its answer so a figure measured "while selling" can show it was.

export interface GuestSession {
  cookie: string;
  token: string;
}

export interface StreamCount {
  /** Answered 201: the order exists. */
  placed: number;
  /** Answered anything else (out of stock, a guest-order limit, a validation error…). */
  refused: number;
  /** No answer at all (connection refused or reset). */
  failed: number;
  /** Orders not sent on time because `maxInFlight` were still waiting for their answers. */
  late: number;
  seconds: number;
  /** Answers by status, e.g. { 201: 118, 429: 2 }. */
  statuses: Record<number, number>;
  /** The first refusal's status and the start of its body: why the orders failed. */
  firstRefusal?: string;
}

export interface OrderStream {
  stop(): Promise<StreamCount>;
}

/** The body of a guest order of one unit of a variant, cash on delivery to a courier's office. */
export function guestOrderBody(item: { productId: number; variantId: number }, email: string): string {
  return JSON.stringify({
    items: [{ productId: item.productId, variantId: item.variantId, quantity: 1 }],
    customer: { firstName: 'Бенч', lastName: 'Продажба', email, phone: '0888000002' },
    shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис' },
    paymentMethod: 'cod',
    ageConfirmed: true,
    termsAccepted: true,
  });
}

/** Orders `body` at `perSecond` until stopped. A late tick catches up on the orders it owes (the
 *  load beside it can hold the event loop), but never more than `maxInFlight` wait at once. */
export function startOrderStream(opts: {
  base: string;
  session: GuestSession;
  body: string;
  perSecond: number;
  maxInFlight?: number;
}): OrderStream {
  const maxInFlight = opts.maxInFlight ?? 20;
  const count: StreamCount = { placed: 0, refused: 0, failed: 0, late: 0, seconds: 0, statuses: {} };
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;

  const send = () => {
    const done = fetch(`${opts.base}/api/orders/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: opts.session.cookie, 'x-csrf-token': opts.session.token },
      body: opts.body,
    })
      .then(async (res) => {
        const text = await res.text();
        count.statuses[res.status] = (count.statuses[res.status] ?? 0) + 1;
        if (res.status === 201) count.placed++;
        else {
          count.refused++;
          count.firstRefusal ??= `${res.status} ${text.slice(0, 200)}`;
        }
      })
      .catch((err: Error) => {
        count.failed++;
        count.firstRefusal ??= `no answer: ${err.message}`;
      })
      .finally(() => pending.delete(done));
    pending.add(done);
  };

  const tick = () => {
    const due = Math.floor(((performance.now() - started) / 1000) * opts.perSecond) + 1;
    while (sent < due) {
      if (pending.size >= maxInFlight) {
        count.late += due - sent;
        sent = due;
        break;
      }
      sent++;
      send();
    }
  };
  tick();
  const timer = setInterval(tick, Math.max(5, Math.floor(1000 / opts.perSecond / 4)));

  return {
    async stop() {
      clearInterval(timer);
      count.seconds = (performance.now() - started) / 1000;
      await Promise.all(pending);
      return count;
    },
  };
}

/** One line for a table's note: what the stream did. */
export function describeStream(c: StreamCount): string {
  const rate = c.seconds > 0 ? (c.placed / c.seconds).toFixed(1) : '0';
  const parts = [`${c.placed} orders placed (${rate}/s over ${c.seconds.toFixed(1)} s)`, `${c.refused} refused`];
  if (c.failed) parts.push(`${c.failed} unanswered`);
  if (c.late) parts.push(`${c.late} skipped (too many waiting for an answer)`);
  return parts.join(', ');
}

/** Most orders refused or unanswered: a figure "while selling" would then measure a shop that
 *  did not sell. */
export function mostFailed(c: StreamCount): boolean {
  return c.placed <= c.refused + c.failed;
}
