// The office directory: both couriers' offices in `courier_offices`, refreshed from their APIs
// (or a demo directory without credentials), searched by the checkout's office picker, and the
// office an order names, checked and snapshotted.
import type { Knex } from 'knex';
import { Model } from 'objection';
import { badRequest } from '../../platform/http/errors';
import type { Config } from '../../config';
import { searchable, slugify } from '@domain/slug';
import { ApiOffice, COURIER_OF_METHOD, COURIER_TEXT, COURIERS, Courier, OFFICE_SEARCH_MAX_RESULTS } from '@domain/couriers';
import type { ShippingMethod } from '@domain/orderStatus';
import { CourierRefused, CourierUnavailable, isConfigured, OfficeRecord } from './client';
import { clientFor } from './clients';
import { DEMO_OFFICES } from './demoOffices';

const TABLE = 'courier_offices';
const INSERT_BATCH = 50;

function db(trx?: Knex): Knex {
  return trx ?? (Model.knex() as Knex);
}

/** Lower-cased in JS (SQLite's LOWER leaves Cyrillic alone), with a Latin spelling beside it. */
export function officeSearchText(o: OfficeRecord): string {
  const text = searchable(o.city, o.name, o.address);
  const latin = slugify(text).replace(/-/g, ' ');
  // The official transliteration writes "Sofiya"; people type "Sofia" too.
  const usual = latin.replace(/iya\b/g, 'ia');
  return usual === latin ? `${text} ${latin}` : `${text} ${latin} ${usual}`;
}

interface OfficeRow extends OfficeRecord {
  id: number;
  courier: Courier;
  demo: boolean | number;
}

export function officeView(r: OfficeRow): ApiOffice {
  return { id: r.id, courier: r.courier, code: r.code, name: r.name, city: r.city, address: r.address };
}

/** Put a courier's whole list in place of what the directory held for it (demo rows included). */
export async function replaceOffices(courier: Courier, offices: OfficeRecord[], demo: boolean, knex: Knex = db()): Promise<number> {
  const now = new Date().toISOString();
  const unique = new Map(offices.map((o) => [o.code, o]));
  await knex.transaction(async (trx) => {
    const rows = [...unique.values()].map((o) => ({
      courier,
      code: o.code.slice(0, 32),
      name: o.name.slice(0, 200),
      city: o.city.slice(0, 100),
      address: o.address.slice(0, 300),
      searchText: officeSearchText(o),
      demo,
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await trx(TABLE)
        .insert(rows.slice(i, i + INSERT_BATCH))
        .onConflict(['courier', 'code'])
        .merge();
    }
    // Offices the courier no longer lists leave the directory; orders keep their snapshot.
    await trx(TABLE).where({ courier }).where('updatedAt', '<', now).delete();
  });
  return unique.size;
}

const syncing = new Map<Courier, Promise<number>>();

/** Refresh one courier's offices from its API (one refresh at a time per courier). */
export function syncCourierOffices(config: Config, courier: Courier, knex: Knex = db()): Promise<number> {
  const running = syncing.get(courier);
  if (running) return running;
  const job = (async () => {
    if (!isConfigured(config[courier])) {
      const present = await knex(TABLE).where({ courier }).count({ n: '*' }).first();
      if (Number(present?.n ?? 0) > 0) return Number(present!.n);
      return replaceOffices(courier, [...DEMO_OFFICES[courier]], true, knex);
    }
    const offices = await clientFor(config, courier).offices();
    // No offices at all is a courier answering wrongly, not a closed network: keep the directory.
    if (!offices.length) throw new CourierUnavailable('no offices in the answer');
    return replaceOffices(courier, offices, false, knex);
  })().finally(() => syncing.delete(courier));
  syncing.set(courier, job);
  return job;
}

/** Every courier's refresh, both asked at once (each call under its deadline, so the whole stays
 *  inside nginx's wait); a courier that fails keeps its directory and says why in Bulgarian.
 *  `refused` names those that answered no (the others did not answer at all). */
export async function syncAllOffices(
  config: Config,
  knex: Knex = db(),
): Promise<{ offices: Record<Courier, number | null>; failed: Partial<Record<Courier, string>>; refused: Courier[] }> {
  const offices = {} as Record<Courier, number | null>;
  const failed: Partial<Record<Courier, string>> = {};
  const refused: Courier[] = [];
  const outcomes = await Promise.allSettled(COURIERS.map((c) => syncCourierOffices(config, c, knex)));
  COURIERS.forEach((c, i) => {
    const outcome = outcomes[i];
    if (outcome.status === 'fulfilled') offices[c] = outcome.value;
    else {
      offices[c] = null;
      failed[c] = courierFailureText(c, outcome.reason);
      if (outcome.reason instanceof CourierRefused) refused.push(c);
    }
  });
  return { offices, failed, refused };
}

export function courierFailureText(courier: Courier, err: unknown): string {
  if (err instanceof CourierRefused) return COURIER_TEXT.courierRefused(err.message);
  if (err instanceof CourierUnavailable) return COURIER_TEXT.courierUnreachable(courier);
  throw err;
}

/** After a failed first fill, a search waits this long before asking the courier again. */
const FILL_RETRY_MS = 5 * 60_000;
const lastFillFailure = new Map<Courier, number>();

/** The refresh running for a courier, if any (tests wait for the one a search started). */
export function officeSyncRunning(courier: Courier): Promise<number> | undefined {
  return syncing.get(courier);
}

/**
 * The first search fills an empty directory. Without credentials: the demo offices, at once (no
 * courier is asked). With them: the courier is asked in the background — a search never waits
 * on a courier — and this search answers with what there is (nothing yet, `syncing`). One
 * refresh at a time; after a failure none for FILL_RETRY_MS.
 */
async function ensureDirectory(config: Config, courier: Courier): Promise<{ syncing: boolean }> {
  const present = await db()(TABLE).where({ courier }).first('id');
  if (present) return { syncing: false };
  if (!isConfigured(config[courier])) {
    await syncCourierOffices(config, courier);
    return { syncing: false };
  }
  if (syncing.has(courier)) return { syncing: true };
  if (Date.now() - (lastFillFailure.get(courier) ?? 0) < FILL_RETRY_MS) return { syncing: false };
  syncCourierOffices(config, courier).catch((err) => {
    lastFillFailure.set(courier, Date.now());
    console.error(JSON.stringify({ level: 'warn', job: `office-fill-${courier}`, error: String((err as Error)?.message ?? err) }));
  });
  return { syncing: true };
}

/** Offices whose city, name or address hold every word of q (any case, Cyrillic or Latin). */
export async function searchOffices(
  config: Config,
  courier: Courier,
  q: string,
): Promise<{ offices: ApiOffice[]; demo: boolean; syncing?: true }> {
  const { syncing: filling } = await ensureDirectory(config, courier);
  const query = db()(TABLE).where({ courier });
  for (const word of q
    .toLocaleLowerCase('bg')
    .split(/[\s,.]+/)
    .filter(Boolean)) {
    query.whereRaw(`search_text like ? escape '\\'`, [`%${word.replace(/[\\%_]/g, (c) => '\\' + c)}%`]);
  }
  const rows: OfficeRow[] = await query.orderBy([{ column: 'city' }, { column: 'name' }]).limit(OFFICE_SEARCH_MAX_RESULTS);
  const demo = Boolean((await db()(TABLE).where({ courier }).first('demo'))?.demo);
  // syncing: the directory is being filled from the courier right now; the picker says so.
  return { offices: rows.map(officeView), demo, ...(filling ? { syncing: true as const } : {}) };
}

/**
 * The office an order names, for its shipping method: its snapshot, or null when the order names
 * none (free text stays accepted). Unknown, or another courier's: 400 on shipping.officeId.
 */
export async function officeForOrder(shipping: { method: ShippingMethod; officeId?: number }, trx?: Knex): Promise<ApiOffice | null> {
  if (shipping.officeId === undefined) return null;
  const courier = COURIER_OF_METHOD[shipping.method];
  if (!courier) throw badRequest(COURIER_TEXT.officeNotForAddress, { 'shipping.officeId': COURIER_TEXT.officeNotForAddress });
  const row: OfficeRow | undefined = await db(trx)(TABLE).where({ id: shipping.officeId }).first();
  if (!row) throw badRequest(COURIER_TEXT.officeUnknown, { 'shipping.officeId': COURIER_TEXT.officeUnknown });
  if (row.courier !== courier)
    throw badRequest(COURIER_TEXT.officeOfOtherCourier(courier), { 'shipping.officeId': COURIER_TEXT.officeOfOtherCourier(courier) });
  return officeView(row);
}

/** Words a shopper types around an office's name that no office's own text needs to hold. */
const FILLER_WORDS = new Set(['офис', 'офиса', 'еконт', 'econt', 'спиди', 'speedy', 'office', 'гр', 'град', 'до', 'на', 'в', 'ул', 'бул']);

/** For an order placed with the office typed as text: the one directory office it names, if any. */
export async function officeFromText(courier: Courier, text: string, trx?: Knex): Promise<ApiOffice | null> {
  const words = text
    .toLocaleLowerCase('bg')
    .split(/[\s,.:;„“"()-]+/)
    .filter((w) => w.length > 1 && !FILLER_WORDS.has(w))
    .slice(0, 8);
  if (!words.length) return null;
  const query = db(trx)(TABLE).where({ courier });
  for (const w of words) query.whereRaw(`search_text like ? escape '\\'`, [`%${w.replace(/[\\%_]/g, (c) => '\\' + c)}%`]);
  const rows: OfficeRow[] = await query.limit(2);
  return rows.length === 1 ? officeView(rows[0]) : null;
}

/** What an order's shipping columns say when the shopper picked a directory office. */
export function officeShippingFields(office: ApiOffice): { city: string; address: string } {
  return { city: office.city.slice(0, 100) || '—', address: `${office.name}, ${office.address}`.slice(0, 300) };
}
