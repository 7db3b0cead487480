import { Link } from 'react-router-dom';
import { Price } from './Price';
import { hasTradePrices, PackNote, packOf, TradePrice } from './TradePrice';
import { priorityImage } from './priorityImage';
import type { ListedProduct } from '@domain/api';
import { TradeOnlyTag } from './TradeOnlyNotice';

/** `priority`: one of the first cards on the screen, its picture is fetched at once (LCP). */
/** The link reads the name once (its heading): the picture beside it is decoration (alt=""). */
export function ProductCard({ product, priority = false }: { product: ListedProduct; priority?: boolean }) {
  const image = product.images[0];
  // A regulated product in trade_only for a non-member has no price (ЗТТСТИ чл. 31а): the card says so.
  const restricted = Boolean(product.saleRestricted);
  const prices = product.saleRestricted ? [] : product.variants.map((v) => v.price);
  const from = prices.length ? Math.min(...prices) : product.price;
  const varies = prices.some((p) => p !== from);
  const compareAt = product.compareAtPrice;
  // A member: the lowest of their net prices, labelled so (components/TradePrice).
  const trade = !product.saleRestricted && hasTradePrices(product);
  const nets = product.variants.map((v) => v.tradePrice).filter((n): n is number => typeof n === 'number');
  const fromNet = nets.length ? Math.min(...nets) : undefined;
  const netVaries = nets.some((n) => n !== fromNet);
  if (priority) priorityImage(image?.url);
  return (
    <article className="card product-card">
      <Link to={`/products/${product.slug}`} className="product-card-link">
        <div className="product-card-image">
          {image ? (
            <img
              src={image.url}
              alt=""
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              width="400"
              height="400"
            />
          ) : (
            <div className="image-placeholder" aria-hidden="true" />
          )}
          {!product.inStock && <span className="chip chip-muted">Изчерпан</span>}
          {!restricted && product.inStock && compareAt !== null && from !== null && compareAt > from && (
            <span className="chip chip-sale">Промоция</span>
          )}
        </div>
        <div className="product-card-body">
          {product.category && <div className="eyebrow">{product.category.name}</div>}
          <h2 className="product-card-title">{product.name}</h2>
          {restricted ? (
            <div className="product-card-price">
              <TradeOnlyTag />
            </div>
          ) : trade && fromNet !== undefined ? (
            <div className="product-card-price">
              {netVaries && <span className="muted">от </span>}
              <TradePrice net={fromNet} />
              <PackNote packSize={packOf(product.variants[0])} />
            </div>
          ) : (
            <div className="product-card-price">
              {varies && <span className="muted">от </span>}
              <Price amount={from} />
              {compareAt !== null && from !== null && compareAt > from && <Price amount={compareAt} strike className="muted" />}
            </div>
          )}
        </div>
      </Link>
    </article>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="grid" aria-busy="true" aria-label="Зареждане на продуктите">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card product-card skeleton-card">
          <div className="skeleton skeleton-image" />
          <div className="product-card-body">
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-line short" />
          </div>
        </div>
      ))}
    </div>
  );
}
