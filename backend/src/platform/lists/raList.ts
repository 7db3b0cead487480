// The react-admin dialect (ra-data-simple-rest) for admin lists:
//   GET ?sort=["field","ASC"]&range=[0,24]&filter={...}  ->  JSON array + Content-Range.
// Sort and filter fields are checked against the resource's allow-list: anything else is a 400.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { QueryBuilder, Model } from 'objection';
import { API } from '@domain/messages';
import { RA_RANGE_MAX } from '@domain/limits';
import { badRequest } from '../http/errors';
import { cachedCount } from '../cache/countCache';

export interface RaListSpec {
  /** API field name -> column (or raw expression) it sorts by. */
  sortable: Record<string, string | Knex.Raw>;
  /** Filter key -> how it narrows the query. `id` (getMany) is handled for every resource. */
  filters: Record<string, (qb: QueryBuilder<any, any>, value: unknown) => void>;
  defaultSort: [string, 'ASC' | 'DESC'];
  /** Column of the primary key, for `id` filters and the stable tie-break. */
  idColumn: string;
}

export interface RaListParams {
  start: number;
  end: number;
  sort: [string, 'ASC' | 'DESC'];
  filter: Record<string, unknown>;
}

/** A list request that carries range, filter or a JSON sort is react-admin's; else the plain one. */
export function isRaDialect(query: Record<string, unknown>): boolean {
  return 'range' in query || 'filter' in query || (typeof query.sort === 'string' && query.sort.trim().startsWith('['));
}

function parseJsonParam(raw: unknown, name: string): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(API.invalidInput, { [name]: API.invalidValue });
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(API.invalidInput, { [name]: API.invalidValue });
  }
}

export function parseRaParams(query: Record<string, unknown>, spec: RaListSpec): RaListParams {
  const range = parseJsonParam(query.range, 'range') ?? [0, 24];
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isInteger(n) && n >= 0) ||
    range[1] < range[0] ||
    range[1] - range[0] >= RA_RANGE_MAX
  ) {
    throw badRequest(API.invalidRange, { range: API.invalidRange });
  }
  const sort = parseJsonParam(query.sort, 'sort') ?? spec.defaultSort;
  if (
    !Array.isArray(sort) ||
    sort.length !== 2 ||
    typeof sort[0] !== 'string' ||
    !Object.prototype.hasOwnProperty.call(spec.sortable, sort[0]) ||
    !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())
  ) {
    throw badRequest(API.invalidSort, { sort: API.invalidSort });
  }
  const filter = parseJsonParam(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw badRequest(API.invalidFilter, { filter: API.invalidFilter });
  }
  for (const key of Object.keys(filter)) {
    if (key !== 'id' && !Object.prototype.hasOwnProperty.call(spec.filters, key)) {
      throw badRequest(API.invalidFilter, { [`filter.${key}`]: API.invalidFilter });
    }
  }
  return {
    start: range[0],
    end: range[1],
    sort: [sort[0], String(sort[1]).toUpperCase() as 'ASC' | 'DESC'],
    filter: filter as Record<string, unknown>,
  };
}

/** Narrow a query by the parsed filter (every value checked by its applier). */
export function applyRaFilters<M extends Model>(qb: QueryBuilder<M, any>, params: RaListParams, spec: RaListSpec) {
  for (const [key, value] of Object.entries(params.filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'id') {
      const ids = (Array.isArray(value) ? value : [value]).map(Number);
      if (!ids.every((n) => Number.isSafeInteger(n) && n > 0)) throw badRequest(API.invalidFilter, { 'filter.id': API.invalidId });
      qb.whereIn(spec.idColumn, ids);
    } else {
      spec.filters[key](qb as QueryBuilder<any, any>, value);
    }
  }
  return qb;
}

/** Run a filtered query for one page: rows (sorted, with a stable tie-break) and the total. */
export async function raPage<M extends Model>(base: QueryBuilder<M, M[]>, params: RaListParams, spec: RaListSpec) {
  applyRaFilters(base, params, spec);
  const countQuery = cachedCount(base.clone().clearSelect().clearOrder());
  const [col, dir] = [spec.sortable[params.sort[0]], params.sort[1]];
  const rowsQuery = base
    .clone()
    .orderBy(col as any, dir.toLowerCase() as 'asc' | 'desc')
    .orderBy(spec.idColumn, dir.toLowerCase() as 'asc' | 'desc')
    .offset(params.start)
    .limit(params.end - params.start + 1);
  const [rows, total] = await Promise.all([rowsQuery, countQuery]);
  return { rows: rows as M[], total };
}

/** Answer a page the way ra-data-simple-rest reads it. */
export function sendRaList(ctx: Context, resource: string, rows: unknown[], start: number, total: number) {
  const end = rows.length ? start + rows.length - 1 : start;
  ctx.set('Content-Range', `${resource} ${start}-${end}/${total}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  ctx.body = rows;
}

// Filter appliers shared by resources.
export const filterBy = {
  /** Case-insensitive search over a lower-cased search_text column (works for Cyrillic). */
  search: (column: string) => (qb: QueryBuilder<any, any>, value: unknown) => {
    if (typeof value !== 'string') throw badRequest(API.invalidFilter, { 'filter.q': API.invalidFilter });
    const needle = value.trim().toLocaleLowerCase('bg');
    if (needle) whereContains(qb, column, needle);
  },
  equals: (column: string, allowed?: readonly string[]) => (qb: QueryBuilder<any, any>, value: unknown) => {
    const list = Array.isArray(value) ? value : [value];
    if (
      !list.every((v) => typeof v === 'string' || typeof v === 'number') ||
      (allowed && !list.every((v) => allowed.includes(String(v))))
    ) {
      throw badRequest(API.invalidFilter, { filter: API.invalidFilter });
    }
    qb.whereIn(column, list as any[]);
  },
  id: (column: string) => (qb: QueryBuilder<any, any>, value: unknown) => {
    const list = (Array.isArray(value) ? value : [value]).map(Number);
    if (!list.every((n) => Number.isSafeInteger(n) && n > 0)) throw badRequest(API.invalidFilter, { filter: API.invalidId });
    qb.whereIn(column, list);
  },
  compare:
    (column: string, op: '>=' | '<=', convert: (n: number) => number = (n) => n) =>
    (qb: QueryBuilder<any, any>, value: unknown) => {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw badRequest(API.invalidFilter, { filter: API.mustBeNumber });
      qb.where(column, op, convert(n));
    },
  date: (column: string, op: '>=' | '<=') => (qb: QueryBuilder<any, any>, value: unknown) => {
    const d = typeof value === 'string' ? new Date(value) : new Date(NaN);
    if (Number.isNaN(d.getTime())) throw badRequest(API.invalidFilter, { filter: API.invalidDate });
    // A bare date as the upper bound means the whole of that day.
    if (op === '<=' && /^\d{4}-\d{2}-\d{2}$/.test(String(value))) d.setUTCHours(23, 59, 59, 999);
    qb.where(column, op, d.toISOString());
  },
};

/** LIKE patterns: the characters % and _ typed by a person are literal. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

/** column contains needle (both already lower-cased), with an explicit escape character
 *  so SQLite and PostgreSQL read the pattern the same way. */
export function whereContains(qb: { whereRaw: (sql: string, bindings: any[]) => unknown }, column: string, needle: string) {
  qb.whereRaw(`?? like ? escape '\\'`, [column, `%${escapeLike(needle)}%`]);
}
