// Магазин: the grid with category, price, search and sort; the URL holds the state (shareable,
// back button works). The API's total says how many pages there are: no page past the last, and
// a failed request says so (with a retry) instead of "nothing matches". Rendered on the server,
// the first list and the categories come with the page.
import { FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { shopApi } from '../api/shop';
import { controlValue, useInputBeforeApp } from '../state/appRunning';
import { Seo } from '../components/Seo';
import { useSettings } from '../state/settings';
import { breadcrumbLd } from '../components/structuredData';
import { usePreloaded } from '../state/preloaded';
import { shopQuery } from '../pageData';
import { ProductCard, ProductGridSkeleton } from '../components/ProductCard';
import { PAGE_SIZE_DEFAULT, PRICE_FILTER_MAX, PRICE_FILTER_MIN, PRODUCT_SORT_DEFAULT } from '@domain/limits';
import { A11Y, SHOP } from '@domain/messages';
import { announce } from '../state/announce';
import type { ApiCategory, ListedProduct } from '@domain/api';
import { hasTradeHint } from '../components/TradeOnlyNotice';

const SORTS = [
  { value: 'price', label: 'Цена: ниска към висока' },
  { value: '-price', label: 'Цена: висока към ниска' },
  { value: 'name', label: 'Име' },
  { value: 'newest', label: 'Най-нови' },
];

/** The same filters, on another page. */
function pageLink(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next.toString();
}

export default function Shop() {
  // The price filter is in the shop's currency of account.
  const currencySign = useSettings().currency === 'EUR' ? '€' : 'лв.';
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const category = params.get('category') ?? '';
  const search = params.get('search') ?? '';
  const sort = params.get('sort') ?? PRODUCT_SORT_DEFAULT;
  const minPrice = params.get('minPrice') ?? '';
  const maxPrice = params.get('maxPrice') ?? '';
  // Rendered on the server: this URL's list and the categories came with the page.
  const preloadedList = usePreloaded('products');
  const preloadedCategories = usePreloaded('categories');
  const [attempt, setAttempt] = useState(0);
  // The list on the screen and the query it answers: when the URL moves on (a search, a page), the
  // previous answer is never shown as this one's, not even for the frame before the fetch starts.
  const listKey = [page, category, search, sort, minPrice, maxPrice, attempt].join('|');
  const [loaded, setLoaded] = useState<{ key: string; products: ListedProduct[] } | null>(
    preloadedList ? { key: listKey, products: preloadedList.products } : null,
  );
  const products = loaded && loaded.key === listKey ? loaded.products : null;
  const [total, setTotal] = useState(preloadedList?.total ?? 0);
  const [failed, setFailed] = useState(false);
  const [categories, setCategories] = useState<ApiCategory[]>(preloadedCategories ?? []);
  const usePreload = useRef(!!preloadedList);
  /** The list a page opened with is announced by the route change (its title); later ones by their count. */
  const listShown = useRef(!!preloadedList);
  const [searchText, setSearchText] = useState(search);
  const [filtersOpen, setFiltersOpen] = useState(false);

  // The box follows the URL when it moves on (Back, a link); typing is the box's own.
  const [searchShown, setSearchShown] = useState(search);
  if (searchShown !== search) {
    setSearchShown(search);
    setSearchText(search);
  }
  const searchForm = useRef<HTMLFormElement>(null);
  const sortSelect = useRef<HTMLSelectElement>(null);
  // Typed or chosen on the rendered page before the app ran (a chosen order is applied at once).
  useInputBeforeApp(searchForm, (controls) => {
    const typed = controlValue(controls, 'search');
    if (typed !== undefined && typed !== search) setSearchText(typed);
    const chosenSort = sortSelect.current?.value;
    if (chosenSort && chosenSort !== sort) update({ sort: chosenSort });
  });
  useEffect(() => {
    if (preloadedCategories) return;
    shopApi.categories().then(
      (r) => setCategories(r.categories),
      () => undefined,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (usePreload.current) {
      usePreload.current = false;
      // Rendered for guests: a trade member asks again for the list at their terms.
      if (!(hasTradeHint() && preloadedList?.products.some((p) => p.saleRestricted))) return;
    }
    const ctrl = new AbortController();
    const key = listKey;
    setFailed(false);
    shopApi.products(shopQuery(params), ctrl.signal).then(
      (r) => {
        setTotal(r.total);
        setLoaded({ key, products: r.products });
        // A short summary, not the grid: the shopper then tabs into it.
        if (listShown.current) announce(A11Y.productsFound(r.total));
        listShown.current = true;
      },
      (e) => {
        if (e?.name === 'AbortError') return;
        setFailed(true);
        setLoaded({ key, products: [] });
      },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, category, search, sort, minPrice, maxPrice, attempt]);

  // From the URL as it is now, not as this render saw it: quick clicks must not undo each other.
  const update = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ search: searchText.trim() });
  };
  const onPrice = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    update({ minPrice: String(f.get('minPrice') ?? ''), maxPrice: String(f.get('maxPrice') ?? '') });
  };
  const roots = useMemo(() => categories.filter((c) => c.parentId === null), [categories]);
  const current = categories.find((c) => c.slug === category);
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE_DEFAULT));
  // The paging rule (a full page means there may be a next one), told by the total when it is
  // known: 30 products make 3 pages, not a 4th empty one.
  const hasNext = products !== null && !failed && products.length === PAGE_SIZE_DEFAULT && page * PAGE_SIZE_DEFAULT < total;
  const pastTheEnd = products !== null && !failed && products.length === 0 && total > 0 && page > lastPage;
  const active = !!(category || search || minPrice || maxPrice);

  return (
    <div className="page shop">
      <Seo
        title={current ? current.name : 'Магазин'}
        description={current ? `${current.name} – VAP SOLO` : undefined}
        keywords="вейп магазин, TWINS, TRIPLES, течности, аксесоари"
        canonical={`/products${canonicalQuery(category, page)}`}
        jsonLd={[
          breadcrumbLd([
            { name: 'Начало', path: '/' },
            { name: 'Магазин', path: '/products' },
            ...(current ? [{ name: current.name, path: `/products?category=${current.slug}` }] : []),
          ]),
        ]}
      />
      <div className="shop-head">
        <h1>{current ? current.name : 'Магазин'}</h1>
        {/* Before the app runs, the browser sends the search itself and the server renders the answer. */}
        <form ref={searchForm} role="search" className="search" action="/products" method="get" onSubmit={onSearch}>
          <label htmlFor="shop-search" className="sr-only">
            Търсене
          </label>
          <input
            id="shop-search"
            name="search"
            type="search"
            placeholder="Търсене на продукти…"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            maxLength={200}
          />
          <button type="submit" className="button">
            Търси
          </button>
        </form>
      </div>
      <div className="shop-layout">
        <button
          type="button"
          className="button button-ghost filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls="filters"
          onClick={() => setFiltersOpen((o) => !o)}
        >
          Филтри{active ? ' •' : ''}
        </button>
        <aside id="filters" className={`filters ${filtersOpen ? 'filters-open' : ''}`} aria-label="Филтри">
          <h2>Категории</h2>
          <ul className="category-list">
            <li>
              <button type="button" className={!category ? 'active' : ''} aria-pressed={!category} onClick={() => update({ category: '' })}>
                Всички
              </button>
            </li>
            {roots.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={category === c.slug ? 'active' : ''}
                  aria-pressed={category === c.slug}
                  onClick={() => update({ category: c.slug })}
                >
                  {c.name} <span className="muted">({c.productCount})</span>
                </button>
                <ul>
                  {categories
                    .filter((s) => s.parentId === c.id)
                    .map((s) => (
                      <li key={s.id}>
                        <button
                          type="button"
                          className={category === s.slug ? 'active' : ''}
                          aria-pressed={category === s.slug}
                          onClick={() => update({ category: s.slug })}
                        >
                          {s.name} <span className="muted">({s.productCount})</span>
                        </button>
                      </li>
                    ))}
                </ul>
              </li>
            ))}
          </ul>
          <h2>Цена ({currencySign})</h2>
          <form className="price-filter" onSubmit={onPrice} key={`${minPrice}-${maxPrice}`}>
            <label>
              <span>От</span>
              <input
                name="minPrice"
                type="number"
                min={PRICE_FILTER_MIN}
                max={PRICE_FILTER_MAX}
                step="1"
                inputMode="numeric"
                defaultValue={minPrice}
                placeholder={String(PRICE_FILTER_MIN)}
              />
            </label>
            <label>
              <span>До</span>
              <input
                name="maxPrice"
                type="number"
                min={PRICE_FILTER_MIN}
                max={PRICE_FILTER_MAX}
                step="1"
                inputMode="numeric"
                defaultValue={maxPrice}
                placeholder={String(PRICE_FILTER_MAX)}
              />
            </label>
            <button type="submit" className="button button-small">
              Приложи
            </button>
          </form>
          {active && (
            <button
              type="button"
              className="link-button"
              onClick={(e) => {
                setParams(new URLSearchParams(sort !== PRODUCT_SORT_DEFAULT ? { sort } : {}));
                // The button goes once nothing is filtered: focus to „Всички“, now chosen.
                e.currentTarget.closest('aside')?.querySelector<HTMLElement>('.category-list button')?.focus();
              }}
            >
              Изчисти филтрите
            </button>
          )}
        </aside>
        <section className="shop-results" aria-label="Продукти">
          <div className="toolbar">
            {search && products !== null && !failed && <p className="results-for">{SHOP.resultsFor(search, total)}</p>}
            <label className="sort">
              <span>Подреди:</span>
              <select ref={sortSelect} value={sort} onChange={(e) => update({ sort: e.target.value })}>
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {products === null ? (
            <ProductGridSkeleton />
          ) : failed ? (
            <div className="empty" role="alert">
              <p>{SHOP.productsLoadFailed}</p>
              <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
                {SHOP.retry}
              </button>
            </div>
          ) : pastTheEnd ? (
            <div className="empty">
              <p>{SHOP.noSuchPage(page, lastPage)}</p>
              <Link to={`/products?${pageLink(params, lastPage)}`} className="button">
                Към страница {lastPage}
              </Link>
            </div>
          ) : products.length === 0 ? (
            <div className="empty">
              <p>Няма продукти, които отговарят на търсенето.</p>
              {active && (
                <Link to="/products" className="button button-ghost">
                  Покажи всички
                </Link>
              )}
            </div>
          ) : (
            <div className="grid">
              {products.map((p, i) => (
                <ProductCard key={p.id} product={p} priority={i < 4} />
              ))}
            </div>
          )}
          {!failed && !pastTheEnd && (page > 1 || hasNext) && (
            <nav className="pager" aria-label="Страници">
              {/* At the first or last page a button is aria-disabled, not disabled: focus stays on it. */}
              <button
                type="button"
                className="button button-ghost"
                aria-disabled={page <= 1 || undefined}
                onClick={() => page > 1 && update({ page: String(Math.min(page, lastPage + 1) - 1) })}
              >
                ← Предишна
              </button>
              <span>
                Страница {page} от {lastPage}
              </span>
              <button
                type="button"
                className="button button-ghost"
                aria-disabled={!hasNext || undefined}
                onClick={() => hasNext && update({ page: String(page + 1) })}
              >
                Следваща →
              </button>
            </nav>
          )}
        </section>
      </div>
    </div>
  );
}

/** A list's own address: its category and page (search, price and order are views of it). */
function canonicalQuery(category: string, page: number): string {
  const q = new URLSearchParams();
  if (category) q.set('category', category);
  if (page > 1) q.set('page', String(page));
  const text = q.toString();
  return text ? `?${text}` : '';
}
