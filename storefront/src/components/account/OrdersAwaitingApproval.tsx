// „Чакат одобрение“ on an owner's account page: the company's orders its buyers placed above their
// limits, each with its number (to its page), who placed it, its total and date, and the owner's
// „Одобри“ / „Откажи“. An order decided leaves the list; what became of it is said in a live region
// kept in the page, and the account's own list of orders shows its new status.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MemberOrder } from '../../api/shop';
import { Price } from '../Price';
import { formatDate } from '@domain/dates';
import { MEMBER_SCREEN_TEXT as T } from '@domain/memberScreens';
import { HeldOrderActions } from './HeldOrderActions';
import './members.css';

export function OrdersAwaitingApproval({ orders, onOrder }: { orders: MemberOrder[] | null; onOrder(order: MemberOrder): void }) {
  const id = useId();
  const [said, setSaid] = useState('');
  const held = (orders ?? []).filter((o) => o.status === 'awaiting_approval');
  return (
    <section className="held-orders" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        {T.heldTitle}
      </h2>
      <p className="member-status ok-text" role="status">
        {said}
      </p>
      {orders === null ? (
        <div className="skeleton skeleton-block" />
      ) : held.length === 0 ? (
        <p className="muted">{T.heldNone}</p>
      ) : (
        <>
          <p className="muted">{T.heldIntro}</p>
          <ul className="held-list">
            {held.map((o) => (
              <li key={o.id} className="card held-row">
                <span>
                  <Link to={`/account/orders/${o.id}`}>
                    <strong>{o.number}</strong>
                  </Link>
                  <span className="muted small block">
                    {formatDate(o.createdAt)}
                    {o.placedBy ? ` · ${T.placedBy(o.placedBy.name)}` : ''}
                  </span>
                </span>
                <Price amount={o.total} currency={o.currency} />
                <HeldOrderActions
                  order={o}
                  onDone={(decided, message) => {
                    setSaid(message);
                    onOrder(decided);
                    // The row is gone: focus to the list's heading, where the message is heard.
                    document.getElementById(`${id}-title`)?.focus();
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
