// Бърза поръчка: a member of an approved company orders by the table — every orderable
// variant with its SKU, name, pack, stock and net price with its quantity breaks („от 50 бр. —
// 4,90 €“, the price the typed quantity reaches shown), quantities typed in (in steps of the
// product's multiple — the pack unless it has its own — from its trade minimum)
// — or by a CSV of `SKU;quantity` pasted or uploaded (each bad line reported by its number), or
// from a past order („Поръчай отново“ on the account's order page). The summary is the server's
// quote of all the lines in one request (net, VAT, total), read out politely as it changes; a
// refusal naming a line (pack, stock) is shown on that line's row. Then on to the checkout.
import { ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../state/auth';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { Seo } from '../components/Seo';
import { Price } from '../components/Price';
import { announce } from '../state/announce';
import { isTradeMember, saveQuickOrder, savedQuickOrder, type QuickOrderLine } from '../state/quickOrder';
import { QuoteRequestForm } from '../components/QuoteRequestForm';
import { QUICK_ORDER_CSV_MAX, TRADE_LINES_MAX, TRADE_ORDER_TEXT as T } from '@domain/tradeOrderTexts';
import { readQuickOrderCsv } from '@domain/quickOrderCsv';
import type { ApiProduct, ApiQuote, ApiTradeTier, ApiUser } from '@domain/api';
import { PermitNotice } from '../components/PermitNotice';
import { TierList } from '../components/TradePrice';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';
import { tradeQuantityProblem, tradeQuantityRule, tradeUnitPriceAt, type TradeQuantityRule } from '@domain/trade';

/** One orderable variant: a row of the table. */
export interface QuickRow {
  productId: number;
  variantId: number;
  sku: string;
  name: string;
  pack: number;
  stock: number;
  /** Net, per unit, when the product answers carry it (a member's tradePrice). */
  price: number | null;
  /** The price ladder (net): from 1 unit, then each quantity break. */
  tiers: ApiTradeTier[];
  /** The product's trade minimum and multiple (the pack unless it has its own). */
  rule: TradeQuantityRule;
}

type TradeVariant = ApiProduct['variants'][number] & { packSize?: number; tradePrice?: number | null };

export function rowsOf(products: ApiProduct[]): QuickRow[] {
  return products.flatMap((p) =>
    (p.variants as TradeVariant[]).map((v) => {
      const pack = Math.max(1, v.packSize ?? 1);
      return {
        productId: p.id,
        variantId: v.id,
        sku: v.sku,
        name: p.variants.length > 1 || (v.name && v.name !== 'Стандартен') ? `${p.name} — ${v.name}` : p.name,
        pack,
        stock: v.stock,
        price: v.tradePrice ?? null,
        tiers: v.tradeTiers ?? [],
        rule: tradeQuantityRule(p, { packSize: pack }),
      };
    }),
  );
}

/** What a row costs a unit at the quantity typed (its break), else from one unit. */
function unitPriceOf(row: QuickRow, quantity: number): number | null {
  return row.tiers.length ? tradeUnitPriceAt(row.tiers, quantity) : row.price;
}

async function allProducts(): Promise<ApiProduct[]> {
  const out: ApiProduct[] = [];
  for (let page = 1; page <= 50; page++) {
    const r = await shopApi.products({ page, limit: 100 });
    // A member's answer: never priced away by the sales mode (catalogue/visibility).
    out.push(...(r.products as ApiProduct[]));
    if (out.length >= r.total || r.products.length === 0) break;
  }
  return out;
}

export default function QuickOrder() {
  const { user, loading } = useAuth();
  const member = isTradeMember(user);
  if (loading)
    return (
      <div className="page" aria-busy="true">
        <div className="skeleton skeleton-block" />
      </div>
    );
  if (!member)
    return (
      <div className="page narrow">
        <Seo title={T.quickOrderTitle} />
        <h1>{T.quickOrderTitle}</h1>
        <p>{T.membersOnly}</p>
        <p className="actions">
          <Link to="/trade/apply" className="button">
            {T.applyLink}
          </Link>
          {!user && (
            <Link to="/signin" state={{ from: '/trade/quick-order' }} className="button button-ghost">
              {T.signInLink}
            </Link>
          )}
        </p>
      </div>
    );
  return <QuickOrderForm company={user?.company} />;
}

function QuickOrderForm({ company }: { company: ApiUser['company'] | undefined }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<QuickRow[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [filter, setFilter] = useState('');
  const [csv, setCsv] = useState('');
  const [csvProblems, setCsvProblems] = useState<string[]>([]);
  const [quote, setQuote] = useState<ApiQuote | null>(null);
  const [quoteError, setQuoteError] = useState('');
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [quoting, setQuoting] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    allProducts().then(
      (products) => setRows(rowsOf(products)),
      (err) => setLoadError(err instanceof ApiError ? err.message : T.loadFailed),
    );
  }, []);

  // „Поръчай отново“ (location state) or the lines kept for the checkout: fill the quantities once.
  const filled = useRef(false);
  useEffect(() => {
    if (!rows || filled.current) return;
    filled.current = true;
    const reorder = (location.state as { reorder?: QuickOrderLine[] } | null)?.reorder;
    const lines = reorder?.length ? reorder : savedQuickOrder();
    if (!lines.length) return;
    const next: Record<number, string> = {};
    for (const l of lines) if (rows.some((r) => r.variantId === l.variantId)) next[l.variantId] = String(l.quantity);
    setQuantities(next);
    if (reorder?.length) announce(T.reorderDone(Object.keys(next).length));
  }, [rows, location.state]);

  const chosen = useMemo(() => {
    if (!rows) return [];
    return rows
      .map((r) => ({ row: r, quantity: Number(quantities[r.variantId] ?? '') }))
      .filter((c) => Number.isInteger(c.quantity) && c.quantity > 0);
  }, [rows, quantities]);

  // Client-side help only (the server decides, with the same rule and words): a quantity that is not
  // whole, below the product's minimum, or not its multiple.
  const localErrors = useMemo(() => {
    const out: Record<number, string> = {};
    if (!rows) return out;
    for (const r of rows) {
      const raw = quantities[r.variantId];
      if (raw === undefined || raw === '') continue;
      const q = Number(raw);
      if (!Number.isInteger(q) || q < 0) out[r.variantId] = T.quantityInvalid;
      else if (q > 0) {
        const problem = tradeQuantityProblem(q, r.rule);
        if (problem === 'minimum') out[r.variantId] = T.belowProductMinimum(r.name, r.rule.minimum);
        else if (problem === 'multiple')
          out[r.variantId] = r.rule.byPack ? T.packMultiple(r.name, r.rule.multiple) : T.productMultiple(r.name, r.rule.multiple);
      }
    }
    return out;
  }, [rows, quantities]);

  const lines: QuickOrderLine[] = chosen.map((c) => ({ productId: c.row.productId, variantId: c.row.variantId, quantity: c.quantity }));
  const key = JSON.stringify(lines);

  // The running quote: every line in one request, a moment after the typing stops.
  useEffect(() => {
    const n = ++latest.current;
    setRowErrors({});
    if (!lines.length || Object.keys(localErrors).length || lines.length > TRADE_LINES_MAX) {
      setQuote(null);
      setQuoteError(lines.length > TRADE_LINES_MAX ? T.tooManyLines(TRADE_LINES_MAX) : '');
      setQuoting(false);
      return;
    }
    setQuoting(true);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      shopApi
        .quote({ items: lines.map((l) => ({ ...l, personalization: '', attributes: [] })), shipping: { method: null } }, controller.signal)
        .then(
          (q) => {
            if (n !== latest.current) return;
            setQuote(q);
            setQuoteError('');
            setQuoting(false);
          },
          (err) => {
            if (n !== latest.current || (err as Error).name === 'AbortError') return;
            setQuote(null);
            setQuoting(false);
            const message = err instanceof ApiError ? err.message : T.quoteFailed;
            setQuoteError(message);
            if (err instanceof ApiError) {
              const byRow: Record<number, string> = {};
              for (const [field, text] of Object.entries(err.errors)) {
                const m = /^items\.(\d+)\./.exec(field);
                if (m && lines[Number(m[1])]) byRow[lines[Number(m[1])].variantId] = text;
              }
              setRowErrors(byRow);
            }
            announce(message, 'assertive');
          },
        );
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, Object.keys(localErrors).length]);

  const setQuantity = (variantId: number, value: string) => setQuantities((q) => ({ ...q, [variantId]: value.trim() }));

  const applyCsv = (text: string) => {
    if (!rows) return;
    if (text.length > QUICK_ORDER_CSV_MAX) {
      setCsvProblems([T.csvTooLong]);
      return;
    }
    const { quantities: read, problems } = readQuickOrderCsv(
      text,
      rows.map((r) => r.sku),
    );
    const bySku = new Map(rows.map((r) => [r.sku, r]));
    const next: Record<number, string> = {};
    for (const [sku, q] of read) next[bySku.get(sku)!.variantId] = String(q);
    setQuantities((cur) => ({ ...cur, ...next }));
    setCsvProblems(problems);
    const said = [T.csvAdded(read.size), ...problems].join(' ');
    announce(said, problems.length ? 'assertive' : 'polite');
    if (problems.length) setTimeout(() => document.getElementById('quick-csv-problems')?.focus(), 0);
  };

  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > QUICK_ORDER_CSV_MAX) {
      setCsvProblems([T.csvTooLong]);
      return;
    }
    const text = await file.text();
    setCsv(text);
    applyCsv(text);
  };

  const toCheckout = () => {
    if (!quote || quoting) return;
    saveQuickOrder(lines);
    navigate('/checkout?trade=1');
  };

  const shown = useMemo(() => {
    if (!rows) return [];
    const f = filter.trim().toLocaleLowerCase('bg');
    return f ? rows.filter((r) => r.name.toLocaleLowerCase('bg').includes(f) || r.sku.toLocaleLowerCase('bg').includes(f)) : rows;
  }, [rows, filter]);
  const quotedPrice = (variantId: number) => quote?.lines.find((l) => l.variantId === variantId)?.unitPrice ?? null;
  const typed = (variantId: number) => Number(quantities[variantId] ?? '') || 1;

  return (
    <div className="page quick-order">
      <Seo title={T.quickOrderTitle} />
      <h1>{T.quickOrderTitle}</h1>
      <p className="muted">{T.quickOrderIntro}</p>
      <PermitNotice company={company} />
      <div className="quick-order-layout">
        <div className="quick-order-main">
          <section className="card" aria-labelledby="quick-csv-title">
            <h2 id="quick-csv-title">CSV</h2>
            <div className="field">
              <label htmlFor="quick-csv">{T.csvLabel}</label>
              <textarea
                id="quick-csv"
                rows={4}
                value={csv}
                maxLength={QUICK_ORDER_CSV_MAX}
                placeholder={'TR-1;12\nTW-0;20'}
                onChange={(e) => setCsv(e.target.value)}
                aria-describedby={csvProblems.length ? 'quick-csv-problems' : undefined}
                aria-invalid={csvProblems.length > 0 || undefined}
              />
            </div>
            <div className="field">
              <label htmlFor="quick-csv-file">{T.csvFileLabel}</label>
              <input id="quick-csv-file" type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(e) => void readFile(e)} />
            </div>
            <button type="button" className="button" onClick={() => applyCsv(csv)} aria-disabled={!rows || undefined}>
              {T.csvApply}
            </button>
            {csvProblems.length > 0 && (
              <ul id="quick-csv-problems" className="error-list" tabIndex={-1} aria-label={T.csvProblemsLabel}>
                {csvProblems.map((p) => (
                  <li key={p} className="error-text">
                    {p}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="card" aria-labelledby="quick-table-title">
            <h2 id="quick-table-title">{T.itemsTitle}</h2>
            <div className="field">
              <label htmlFor="quick-filter">{T.filterLabel}</label>
              <input id="quick-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
            </div>
            {loadError && (
              <p className="error-text" role="alert">
                {loadError}
              </p>
            )}
            {!rows && !loadError && <p className="muted">{T.loading}</p>}
            {rows && (
              <div className="quick-table-wrap">
                <table className="quick-table">
                  <caption className="sr-only">{T.quickOrderTitle}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{T.colSku}</th>
                      <th scope="col">{T.colName}</th>
                      <th scope="col">{T.colPack}</th>
                      <th scope="col">{T.colStock}</th>
                      <th scope="col">{T.colPrice}</th>
                      <th scope="col">{T.colQuantity}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((r) => {
                      const error = rowErrors[r.variantId] ?? localErrors[r.variantId];
                      const id = `qty-${r.variantId}`;
                      const price = unitPriceOf(r, typed(r.variantId)) ?? quotedPrice(r.variantId);
                      const hints = [
                        r.rule.multiple > 1 ? T.stepHint(r.rule.multiple) : '',
                        r.rule.minimum > 1 ? PRICE_LIST_TEXTS.minimumStep(r.rule.minimum) : '',
                      ].filter(Boolean);
                      return (
                        <tr key={r.variantId} className={error ? 'row-error' : undefined}>
                          <td data-label={T.colSku} className="mono quick-sku">
                            {r.sku}
                          </td>
                          <th scope="row" data-label={T.colName}>
                            {r.name}
                          </th>
                          <td data-label={T.colPack}>{r.pack}</td>
                          <td data-label={T.colStock}>{r.stock}</td>
                          <td data-label={T.colPrice}>
                            {price === null ? '—' : <Price amount={price} />}
                            <TierList tiers={r.tiers} />
                          </td>
                          <td data-label={T.colQuantity}>
                            <label htmlFor={id} className="sr-only">
                              {T.quantityLabel(r.name)}
                            </label>
                            <input
                              id={id}
                              type="number"
                              inputMode="numeric"
                              min={0}
                              step={r.rule.multiple}
                              value={quantities[r.variantId] ?? ''}
                              onChange={(e) => setQuantity(r.variantId, e.target.value)}
                              aria-invalid={!!error || undefined}
                              aria-describedby={
                                [hints.length ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
                              }
                              className="quick-qty"
                            />
                            {hints.length > 0 && (
                              <span id={`${id}-hint`} className="muted small block">
                                {hints.join(', ')}
                              </span>
                            )}
                            {error && (
                              <span id={`${id}-error`} className="error-text block">
                                {error}
                              </span>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>

        <aside className="summary card" aria-labelledby="quick-summary-title">
          <h2 id="quick-summary-title">{T.summaryTitle}</h2>
          <p className="muted quick-lines">{T.lines(lines.length)}</p>
          <div aria-live="polite" aria-busy={quoting || undefined}>
            {!lines.length ? (
              <p className="muted">{T.nothingChosen}</p>
            ) : quote ? (
              <dl className="totals">
                <dt>{T.subtotalNet}</dt>
                <dd>
                  <Price amount={quote.subtotalNet ?? quote.subtotal} currency={quote.currency} />
                </dd>
                <dt>{T.vat}</dt>
                <dd>
                  <Price amount={quote.vatTotal ?? 0} currency={quote.currency} />
                </dd>
                <dt className="total">{T.total}</dt>
                <dd className="total">
                  <Price amount={quote.total} currency={quote.currency} />
                </dd>
              </dl>
            ) : quoting ? (
              <p className="muted">{T.quoting}</p>
            ) : null}
          </div>
          {/* Read out through the page's assertive region (state/announce) when it comes. */}
          {quoteError && <p className="error-text">{quoteError}</p>}
          <button
            type="button"
            className="button button-large button-block"
            aria-disabled={!quote || quoting || undefined}
            onClick={toCheckout}
          >
            {T.toCheckout}
          </button>
          {/* A large order may be asked for a price instead (the same lines). */}
          {lines.length > 0 && <QuoteRequestForm lines={lines} />}
          {lines.length > 0 && (
            <button type="button" className="link-button" onClick={() => setQuantities({})}>
              {T.clear}
            </button>
          )}
        </aside>
      </div>
    </div>
  );
}
