// „Къде да купя“: the listed shops of the approved trade customers, by city.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { shopApi, type WhereToBuyShop } from '../api/shop';
import { Seo } from '../components/Seo';
import { TRADE } from '@domain/tradeTexts';
import { usePreloaded } from '../state/preloaded';

export function byCity(shops: WhereToBuyShop[]): Array<[string, WhereToBuyShop[]]> {
  const groups = new Map<string, WhereToBuyShop[]>();
  for (const s of shops) groups.set(s.city, [...(groups.get(s.city) ?? []), s]);
  return [...groups.entries()];
}

export default function WhereToBuy() {
  // Rendered on the server with the list (domain/storefrontPages); fetched when reached in the browser.
  const preloaded = usePreloaded('whereToBuy');
  const [shops, setShops] = useState<WhereToBuyShop[] | null>(preloaded?.shops ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (preloaded) return;
    let alive = true;
    shopApi
      .whereToBuy()
      .then((r) => alive && setShops(r.shops))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [preloaded]);
  return (
    <div className="page where-to-buy">
      <Seo title={TRADE.whereTitle} description={TRADE.whereIntro} />
      <h1>{TRADE.whereTitle}</h1>
      <p className="lead">{TRADE.whereIntro}</p>
      <div aria-live="polite" aria-busy={shops === null && !failed}>
        {failed && <p className="error-text">Списъкът не се зареди. Опитайте отново.</p>}
        {shops !== null && shops.length === 0 && (
          <div className="card">
            <p>{TRADE.whereEmpty}</p>
            <p>
              <Link to="/trade/apply">{TRADE.whereEmptyBusiness}</Link>
            </p>
          </div>
        )}
        {shops !== null &&
          byCity(shops).map(([city, list]) => (
            <section key={city} aria-labelledby={`city-${city}`} className="where-city">
              <h2 id={`city-${city}`}>{city}</h2>
              <ul className="where-shops">
                {list.map((s, i) => (
                  <li key={`${s.name}-${i}`} className="card">
                    <strong>{s.name}</strong>
                    <div>{s.address}</div>
                    {s.phone && (
                      <div>
                        <a href={`tel:${s.phone.replace(/\s/g, '')}`}>{s.phone}</a>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </div>
      {shops !== null && shops.length > 0 && (
        <p>
          <Link to="/trade/apply">{TRADE.whereEmptyBusiness}</Link>
        </p>
      )}
    </div>
  );
}
