// A product: pictures, price, strength (variant) and flavour choices, personalization,
// quantity, stock state, add to cart, and the nicotine health warning.
import { FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { shopApi } from '../api/shop';
import { useCart, AddResult } from '../state/cart';
import { A11Y, SHOP } from '@domain/messages';
import { Seo } from '../components/Seo';
import { breadcrumbLd, productLd, shownPrice } from '../components/structuredData';
import { usePreloaded } from '../state/preloaded';
import { useSettings } from '../state/settings';
import { Price } from '../components/Price';
import { hasTradePrices, PackNote, packOf, TierTable, TradePrice } from '../components/TradePrice';
import { tradeQuantityRule } from '@domain/trade';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';
import { priorityImage } from '../components/priorityImage';
import { controlValue, useAppRunning, useInputBeforeApp } from '../state/appRunning';
import { NotFoundContent } from './NotFound';
import { LOW_STOCK_THRESHOLD_DEFAULT, PERSONALIZATION_MAX } from '@domain/limits';
import type { ApiProduct, PricelessProduct, ShopProduct } from '@domain/api';
import { hasTradeHint, TradeOnlyNotice } from '../components/TradeOnlyNotice';

export const NICOTINE_WARNING =
  'Този продукт съдържа никотин, който е силно пристрастяващо вещество. Не се препоръчва за употреба от непушачи.';

/** The strength in mg/ml: the chosen variant's own when it has one, else the product's. */
function nicotineOf(p: ShopProduct, variant?: ShopProduct['variants'][number]): number | null {
  return variant?.nicotineMgMl ?? p.nicotineMgMl;
}

export default function ProductPage() {
  const { slug = '' } = useParams();
  // Rendered on the server: the product (or its absence) came with the page.
  const preloaded = usePreloaded('product');
  const [product, setProduct] = useState<ShopProduct | null | 'missing'>(preloaded === undefined ? null : (preloaded ?? 'missing'));
  const usePreload = useRef(preloaded !== undefined);
  const preloadedRestricted = useRef(Boolean(preloaded?.saleRestricted));
  useEffect(() => {
    if (usePreload.current) {
      usePreload.current = false;
      // Pages are rendered for guests: a trade member asks again for the product at their terms.
      if (!(preloadedRestricted.current && hasTradeHint())) return;
    }
    setProduct(null);
    shopApi.product(slug).then(
      (r) => setProduct(r.product),
      () => setProduct('missing'),
    );
  }, [slug]);
  if (product === 'missing') return <NotFoundContent what="Продуктът не е намерен." />;
  if (product === null) return <ProductSkeleton />;
  if (product.saleRestricted) return <TradeOnlyProductView key={product.id} product={product} />;
  return <ProductView key={product.id} product={product} />;
}

/** What every product page's head says of it (its offer aside). */
function productSeo(product: ShopProduct) {
  return {
    title: product.seoTitle || product.name,
    description: product.seoDescription || product.description,
    keywords: [product.name, product.category?.name, 'VAP SOLO', 'вейп'].filter(Boolean).join(', '),
    canonical: `/products/${product.slug}`,
    type: 'product' as const,
    image: product.images[0]?.url,
  };
}

function productBreadcrumbLd(product: ShopProduct) {
  return breadcrumbLd([
    { name: 'Начало', path: '/' },
    { name: 'Магазин', path: '/products' },
    ...(product.category ? [{ name: product.category.name, path: `/products?category=${product.category.slug}` }] : []),
    { name: product.name, path: `/products/${product.slug}` },
  ]);
}

/** The way to the product: home, shop, its category. */
function ProductPath({ product }: { product: ShopProduct }) {
  return (
    <nav className="breadcrumbs" aria-label="Път">
      <Link to="/">Начало</Link> / <Link to="/products">Магазин</Link>
      {product.category && (
        <>
          {' '}
          / <Link to={`/products?category=${product.category.slug}`}>{product.category.name}</Link>
        </>
      )}
    </nav>
  );
}

/** The product's pictures: the chosen one large, the others as named buttons. */
function ProductGallery({ product, image, onImage }: { product: ShopProduct; image: number; onImage: (i: number) => void }) {
  const images = product.images;
  return (
    <div className="gallery">
      <div className="gallery-main">
        {images[image] ? (
          <img src={images[image].url} alt={images[image].alt || product.name} width="600" height="600" fetchPriority="high" />
        ) : (
          <div className="image-placeholder" aria-hidden="true" />
        )}
      </div>
      {images.length > 1 && (
        <ul className="thumbs" aria-label={A11Y.images}>
          {images.map((im, i) => (
            <li key={im.id}>
              <button
                type="button"
                className={i === image ? 'active' : ''}
                aria-label={A11Y.imageOf(i + 1, images.length)}
                aria-pressed={i === image}
                onClick={() => onImage(i)}
              >
                <img src={im.url} alt="" width="72" height="72" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A regulated product in the sales mode trade_only, for a visitor who is not a trade member
 *  (ЗТТСТИ чл. 31а): the product's information without any price, cart form or offer data. */
function TradeOnlyProductView({ product }: { product: PricelessProduct }) {
  const [image, setImage] = useState(0);
  const nicotine = nicotineOf(product, product.variants.length === 1 ? product.variants[0] : undefined);
  priorityImage(product.images[image]?.url);
  return (
    <div className="page product-page">
      <Seo {...productSeo(product)} jsonLd={[productBreadcrumbLd(product)]} />
      <ProductPath product={product} />
      <div className="product-layout">
        <ProductGallery product={product} image={image} onImage={setImage} />
        <div className="buy-box">
          {product.category && <div className="eyebrow">{product.category.name}</div>}
          <h1>{product.name}</h1>
          <TradeOnlyNotice />
          {nicotine !== null && nicotine > 0 && (
            <p className="health-warning" role="note">
              {NICOTINE_WARNING}
            </p>
          )}
          <dl className="specs">
            {product.variants.length > 1 && (
              <>
                <dt>{/mg/i.test(product.variants[0].name) ? 'Никотин' : 'Варианти'}</dt>
                <dd>{product.variants.map((v) => v.name).join(', ')}</dd>
              </>
            )}
            {product.variants.length <= 1 && nicotine !== null && (
              <>
                <dt>Никотин</dt>
                <dd>{nicotine} mg/ml</dd>
              </>
            )}
            {product.volumeMl !== null && (
              <>
                <dt>Обем</dt>
                <dd>{product.volumeMl} ml</dd>
              </>
            )}
          </dl>
          {product.description && (
            <section className="description">
              <h2>Описание</h2>
              <p>{product.description}</p>
            </section>
          )}
          <p className="muted small">Само за лица над 18 години.</p>
        </div>
      </div>
    </div>
  );
}

function ProductView({ product }: { product: ApiProduct }) {
  const { add, items } = useCart();
  const settings = useSettings();
  const inStockVariants = product.variants.filter((v) => v.stock > 0);
  const [variantId, setVariantId] = useState<number | null>((inStockVariants[0] ?? product.variants[0])?.id ?? null);
  const [values, setValues] = useState<Record<number, number>>({});
  const [personalization, setPersonalization] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [image, setImage] = useState(0);
  const [busy, setBusy] = useState(false);
  /** Adding needs the app: until it runs here the button waits (a rendered page shows first). */
  const running = useAppRunning();
  const [missing, setMissing] = useState<number[]>([]);
  const [refusal, setRefusal] = useState<Exclude<AddResult, { ok: true }> | null>(null);
  const variant = product.variants.find((v) => v.id === variantId) ?? null;
  const stock = variant?.stock ?? 0;
  const price = variant?.price ?? product.price;
  // A member: their net price (by quantity), and quantities in the product's multiple (whole packs
  // unless it has its own), from its trade minimum.
  const trade = hasTradePrices(product);
  const rule = trade ? tradeQuantityRule(product, { packSize: packOf(variant) }) : null;
  const step = rule?.multiple ?? 1;
  const nicotine = useMemo(() => nicotineOf(product, variant ?? undefined), [product, variant]);

  // What may still be added: the stock less what of this variant is already in the cart.
  const inCart = items.filter((l) => l.productId === product.id && l.variantId === variantId).reduce((n, l) => n + l.quantity, 0);
  const canAdd = Math.max(0, stock - inCart);
  // The most that may be added in whole packs (by the piece: all that may be added).
  const addable = Math.floor(canAdd / step) * step;
  useEffect(() => setQuantity((q) => Math.max(step, Math.min(Math.ceil(q / step) * step, addable || step))), [addable, step]);
  const form = useRef<HTMLFormElement>(null);
  // Chosen on the rendered page before the app ran: what the form shows is what gets added.
  useInputBeforeApp(form, (controls) => {
    const chosenVariant = Number(controlValue(controls, 'variant'));
    if (product.variants.some((v) => v.id === chosenVariant && v.stock > 0)) setVariantId(chosenVariant);
    const chosen: Record<number, number> = {};
    for (const a of product.attributes) {
      const valueId = Number(controlValue(controls, `attr-${a.id}`));
      if (a.values.some((v) => v.id === valueId)) chosen[a.id] = valueId;
    }
    setValues(chosen);
    setPersonalization(controlValue(controls, 'personalization') ?? '');
    const typedQuantity = Math.floor(Number(controlValue(controls, 'quantity')));
    if (typedQuantity >= 1) setQuantity(Math.max(step, Math.min(Math.ceil(typedQuantity / step) * step, Math.max(step, addable))));
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Busy or nothing left to add: the button stays focusable (aria-disabled) and a press does nothing.
    if (busy || !running) return;
    const notChosen = product.attributes.filter((a) => !values[a.id]).map((a) => a.id);
    setMissing(notChosen);
    // The first flavour not chosen takes focus, where its error is read.
    if (notChosen.length) document.getElementById(`attr-${notChosen[0]}`)?.focus();
    if (notChosen.length || !variant || canAdd < 1) return;
    setBusy(true);
    setRefusal(null);
    try {
      const result = await add({
        productId: product.id,
        variantId: variant.id,
        quantity,
        personalization: personalization.trim(),
        attributes: product.attributes.map((a) => ({ attributeId: a.id, attributeValueId: values[a.id] })),
      });
      if (!result.ok) setRefusal(result);
    } catch {
      /* the client showed the toast */
    } finally {
      setBusy(false);
    }
  };

  priorityImage(product.images[image]?.url);
  return (
    <div className="page product-page">
      <Seo
        {...productSeo(product)}
        price={shownPrice(product, settings)}
        jsonLd={[...productLd(product, settings), productBreadcrumbLd(product)]}
      />
      <ProductPath product={product} />
      <div className="product-layout">
        <ProductGallery product={product} image={image} onImage={setImage} />
        <form ref={form} className="buy-box" onSubmit={submit} noValidate>
          {product.category && <div className="eyebrow">{product.category.name}</div>}
          <h1>{product.name}</h1>
          {trade && typeof variant?.tradePrice === 'number' ? (
            <div className="product-price">
              <TradePrice net={variant.tradePrice} />
              <PackNote packSize={packOf(variant)} />
              <TierTable tiers={variant.tradeTiers} />
            </div>
          ) : (
            <div className="product-price">
              <Price amount={price} />
              {product.compareAtPrice !== null && product.compareAtPrice > price && (
                <Price amount={product.compareAtPrice} strike className="muted" />
              )}
            </div>
          )}
          <StockState stock={stock} />

          {product.variants.length > 1 && (
            <fieldset className="choice">
              <legend>{/mg/i.test(product.variants[0].name) ? 'Никотин' : 'Вариант'}</legend>
              <div className="chips">
                {product.variants.map((v) => (
                  <label key={v.id} className={`chip-option ${v.id === variantId ? 'selected' : ''} ${v.stock < 1 ? 'disabled' : ''}`}>
                    <input
                      type="radio"
                      name="variant"
                      value={v.id}
                      checked={v.id === variantId}
                      disabled={v.stock < 1}
                      onChange={() => setVariantId(v.id)}
                    />
                    {v.name}
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          {product.attributes.map((a) => (
            <div key={a.id} className={`field ${missing.includes(a.id) ? 'field-error' : ''}`}>
              <label htmlFor={`attr-${a.id}`}>{a.name}</label>
              <select
                id={`attr-${a.id}`}
                name={`attr-${a.id}`}
                value={values[a.id] ?? ''}
                aria-invalid={missing.includes(a.id)}
                aria-describedby={missing.includes(a.id) ? `attr-${a.id}-error` : undefined}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [a.id]: Number(e.target.value) }));
                  setMissing((m) => m.filter((x) => x !== a.id));
                }}
              >
                <option value="" disabled>
                  Изберете…
                </option>
                {a.values.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.value}
                  </option>
                ))}
              </select>
              {missing.includes(a.id) && (
                <span id={`attr-${a.id}-error`} className="error-text">
                  Изберете {a.name.toLowerCase()}.
                </span>
              )}
            </div>
          ))}

          <div className="field">
            <label htmlFor="personalization">
              Надпис върху устройството <span className="muted">(по желание)</span>
            </label>
            <input
              id="personalization"
              name="personalization"
              type="text"
              maxLength={PERSONALIZATION_MAX}
              value={personalization}
              onChange={(e) => setPersonalization(e.target.value)}
              aria-describedby="personalization-help"
            />
            <span id="personalization-help" className="help">
              {personalization.length}/{PERSONALIZATION_MAX} знака
            </span>
          </div>

          <div className="buy-row">
            <QuantityStepper
              name="quantity"
              value={quantity}
              max={Math.max(step, addable)}
              step={step}
              onChange={setQuantity}
              disabled={addable < 1}
            />
            {/* Before the app runs it is disabled (a press would be lost); busy or with nothing left
                to add it stays focusable (aria-disabled), so focus never falls to the page. */}
            <button type="submit" className="button button-large" disabled={!running} aria-disabled={busy || canAdd < 1 || undefined}>
              {stock < 1 ? 'Изчерпан' : busy ? 'Добавяне…' : 'Добави в количката'}
            </button>
          </div>
          {stock > 0 && canAdd < 1 && (
            <p className="help stock-cap" role="status">
              {SHOP.allInCart(stock)}
            </p>
          )}
          {step > 1 && (
            <p className="help" id="pack-help">
              {PRICE_LIST_TEXTS.packStep(step)}
            </p>
          )}
          {rule && rule.minimum > 1 && <p className="help">{PRICE_LIST_TEXTS.minimumStep(rule.minimum)}</p>}
          {canAdd > 0 && quantity >= canAdd && (
            <p className="help stock-cap" role="status">
              {SHOP.inStock(canAdd)}
            </p>
          )}
          {refusal && (
            <p className="error-text" role="alert">
              {refusal.message}
              {refusal.reason === 'full' && (
                <>
                  {' '}
                  <Link to="/signin">Вход</Link> · <Link to="/register">Регистрация</Link>
                </>
              )}
            </p>
          )}

          {nicotine !== null && nicotine > 0 && (
            <p className="health-warning" role="note">
              {NICOTINE_WARNING}
            </p>
          )}

          <dl className="specs">
            {nicotine !== null && (
              <>
                <dt>Никотин</dt>
                <dd>{nicotine} mg/ml</dd>
              </>
            )}
            {product.volumeMl !== null && (
              <>
                <dt>Обем</dt>
                <dd>{product.volumeMl} ml</dd>
              </>
            )}
            {variant && (
              <>
                <dt>Код</dt>
                <dd>{variant.sku}</dd>
              </>
            )}
          </dl>
          {product.description && (
            <section className="description">
              <h2>Описание</h2>
              <p>{product.description}</p>
            </section>
          )}
          <p className="muted small">Само за лица над 18 години. Доставка 1–2 работни дни. 14 дни право на отказ.</p>
        </form>
      </div>
    </div>
  );
}

export function StockState({ stock }: { stock: number }) {
  if (stock < 1) return <p className="stock stock-out">Изчерпан</p>;
  if (stock <= LOW_STOCK_THRESHOLD_DEFAULT) return <p className="stock stock-low">Остават само {stock} бр.</p>;
  return <p className="stock stock-in">В наличност</p>;
}

export function QuantityStepper({
  value,
  max,
  onChange,
  disabled,
  label = 'Количество',
  name,
  step = 1,
}: {
  value: number;
  max: number;
  onChange(n: number): void;
  disabled?: boolean;
  label?: string;
  name?: string;
  /** Whole packs (a member's pack size): the least is one pack, each press one pack more or less. */
  step?: number;
}) {
  // Up to whole packs, never below one pack nor above the most that may be had in whole packs.
  const top = Math.max(step, Math.floor(max / step) * step);
  const set = (n: number) => onChange(Math.max(step, Math.min(top, Math.ceil(n / step) * step)));
  return (
    <div className="stepper" role="group" aria-label={label}>
      {/* At 1 or at the stock a button is aria-disabled, not disabled: focus stays on it. */}
      <button
        type="button"
        aria-label="Намали"
        disabled={disabled}
        aria-disabled={value <= step || undefined}
        onClick={() => value > step && set(value - step)}
      >
        −
      </button>
      <input
        type="number"
        name={name}
        inputMode="numeric"
        min={step}
        max={top}
        step={step}
        value={value}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => set(Number(e.target.value) || step)}
      />
      <button
        type="button"
        aria-label="Увеличи"
        disabled={disabled}
        aria-disabled={value >= top || undefined}
        onClick={() => value < top && set(value + step)}
      >
        +
      </button>
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div className="page product-page" aria-busy="true">
      <div className="product-layout">
        <div className="skeleton skeleton-image" />
        <div>
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line short" />
          <div className="skeleton skeleton-block" />
        </div>
      </div>
    </div>
  );
}
