// Профил: the shopper's details and order history.
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useAuth } from '../state/auth';
import { shopApi } from '../api/shop';
import { Seo } from '../components/Seo';
import { Price } from '../components/Price';
import { formatDate } from '../../../domain/dates';
import type { ApiOrder } from '../../../domain/api';

export default function Account() {
  const { user, loading, logout } = useAuth();
  const [orders, setOrders] = useState<ApiOrder[] | null>(null);
  useEffect(() => {
    if (user) shopApi.orders().then((r) => setOrders(r.orders), () => setOrders([]));
  }, [user]);
  if (loading) return <div className="page narrow" aria-busy="true"><div className="skeleton skeleton-block" /></div>;
  if (!user) return <Navigate to="/signin" replace />;
  return (
    <div className="page narrow account">
      <Seo title="Профил" />
      <h1>Профил</h1>
      <section className="card profile">
        <div>
          <strong>{[user.firstName, user.lastName].filter(Boolean).join(' ') || 'Без име'}</strong>
          <div className="muted">{user.email}</div>
          {user.phone && <div className="muted">{user.phone}</div>}
        </div>
        <button type="button" className="button button-ghost" onClick={() => void logout()}>Изход</button>
      </section>
      <section aria-labelledby="orders-title">
        <h2 id="orders-title">Моите поръчки</h2>
        {orders === null ? <div className="skeleton skeleton-block" /> : orders.length === 0 ? (
          <div className="empty">
            <p>Все още нямате поръчки.</p>
            <Link to="/products" className="button">Към магазина</Link>
          </div>
        ) : (
          <ul className="order-list">
            {orders.map((o) => (
              <li key={o.id}>
                <Link to={`/account/orders/${o.id}`} className="card order-row">
                  <span><strong>{o.number}</strong><span className="muted small block">{formatDate(o.createdAt)} · {o.itemCount} бр.</span></span>
                  <span className={`status status-${o.status}`}>{o.statusLabel}</span>
                  <Price amount={o.total} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
