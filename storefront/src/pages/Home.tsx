// Начало: the hero, the two lines TWINS and TRIPLES, and featured products.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { shopApi } from '../api/shop';
import { Seo } from '../components/Seo';
import { organizationLd } from '../components/structuredData';
import { usePreloaded } from '../state/preloaded';
import { useSettings } from '../state/settings';
import { HOME_FEATURED_QUERY } from '../pageData';
import { ProductCard, ProductGridSkeleton } from '../components/ProductCard';
import type { ListedProduct } from '@domain/api';
import { hasTradeHint } from '../components/TradeOnlyNotice';
import { priorityImage } from '../components/priorityImage';

const LINES = [
  {
    slug: 'vap-solo-twins',
    name: 'TWINS',
    image: '/uploads/demo/twins.svg',
    text: 'Две камери, два вкуса. Превключвате между тях с едно плъзгане.',
  },
  {
    slug: 'vap-solo-triples',
    name: 'TRIPLES',
    image: '/uploads/demo/triples.svg',
    text: 'Три камери, три вкуса. Сменяте ги с въртящ се превключвател.',
  },
];

/** The hero's first picture: the largest paint on a phone. */
const HERO_IMAGE = '/uploads/demo/twins.svg';

export default function Home() {
  const preloaded = usePreloaded('featured');
  const settings = useSettings();
  priorityImage(HERO_IMAGE);
  const [featured, setFeatured] = useState<ListedProduct[] | null>(preloaded ?? null);
  useEffect(() => {
    // Rendered on the server with them (for guests: a trade member asks again at their terms).
    if (preloaded && !(hasTradeHint() && preloaded.some((p) => p.saleRestricted))) return;
    shopApi.products(HOME_FEATURED_QUERY).then(
      (r) => setFeatured(r.products),
      () => setFeatured([]),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="page home">
      <Seo
        title="Начало"
        canonical="/"
        keywords="вейп, VAP SOLO, TWINS, TRIPLES, електронна цигара, вкусове"
        jsonLd={[organizationLd(settings)]}
      />
      <section className="hero">
        <div className="hero-text">
          <p className="eyebrow">Ново от VAP SOLO</p>
          <h1>Един вейп. Два или три вкуса.</h1>
          <p className="lead">
            Изберете TWINS с два вкуса или TRIPLES с три и сменяйте вкуса, без да сменяте устройството. Доставка до офис или адрес в цяла
            България.
          </p>
          <div className="hero-actions">
            <Link to="/products" className="button button-large">
              Към магазина
            </Link>
            <Link to="/products/vap-solo-twins" className="button button-ghost button-large">
              Виж TWINS
            </Link>
          </div>
        </div>
        <div className="hero-art" aria-hidden="true">
          <img src={HERO_IMAGE} alt="" width="280" height="280" fetchPriority="high" />
          <img src="/uploads/demo/triples.svg" alt="" width="280" height="280" />
        </div>
      </section>

      <section aria-labelledby="lines-title" className="section">
        <h2 id="lines-title">Двете линии</h2>
        <div className="lines">
          {LINES.map((l) => (
            <Link key={l.slug} to={`/products/${l.slug}`} className={`card line-card line-${l.name.toLowerCase()}`}>
              <img src={l.image} alt={`VAP SOLO ${l.name}`} width="160" height="160" loading="lazy" />
              <div>
                <h3>{l.name}</h3>
                <p>{l.text}</p>
                <span className="link-arrow">Разгледай {l.name} →</span>
              </div>
            </Link>
          ))}
        </div>
      </section>

      <section aria-labelledby="featured-title" className="section">
        <div className="section-head">
          <h2 id="featured-title">Най-новото</h2>
          <Link to="/products" className="link-arrow">
            Всички продукти →
          </Link>
        </div>
        {featured === null ? (
          <ProductGridSkeleton count={4} />
        ) : (
          <div className="grid">
            {featured.map((p, i) => (
              <ProductCard key={p.id} product={p} priority={i < 2} />
            ))}
          </div>
        )}
      </section>

      <section className="section perks" aria-label="Предимства">
        <div>
          <strong>Доставка 1–2 дни</strong>
          <span>Еконт, Спиди или до адрес</span>
        </div>
        <div>
          <strong>Наложен платеж</strong>
          <span>Плащате при получаване</span>
        </div>
        <div>
          <strong>14 дни за отказ</strong>
          <span>Върнете стоката без обяснения</span>
        </div>
      </section>
    </div>
  );
}
