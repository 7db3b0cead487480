import { Link } from 'react-router-dom';
import { Seo } from '../components/Seo';

export function NotFoundContent({ what = 'Страницата не е намерена.' }: { what?: string }) {
  return (
    <div className="page narrow center not-found">
      <Seo title="Не е намерено" noindex />
      <p className="big-number" aria-hidden="true">
        404
      </p>
      <h1>{what}</h1>
      <p className="muted">Възможно е адресът да е грешен или страницата да е премахната.</p>
      <div className="hero-actions center">
        <Link to="/" className="button">
          Начало
        </Link>
        <Link to="/products" className="button button-ghost">
          Магазин
        </Link>
      </div>
    </div>
  );
}

export default function NotFound() {
  return <NotFoundContent />;
}
