// An order held for an owner's approval, on its own page: an owner of the company decides it here
// as on the account page; the buyer who placed it is told it waits. Whether the signed-in member is
// an owner is the company's answer's to say.
import { useEffect, useState } from 'react';
import { shopApi, type MemberOrder } from '../../api/shop';
import { toast } from '../../state/toast';
import type { MemberRole } from '@domain/companyMembers';
import { MEMBER_SCREEN_TEXT as T } from '@domain/memberScreens';
import { HeldOrderActions } from './HeldOrderActions';
import './members.css';

export function HeldOrderPanel({ order, onChange }: { order: MemberOrder; onChange(o: MemberOrder): void }) {
  // Unknown until the company answers: neither note is shown before (an owner is no buyer).
  const [role, setRole] = useState<MemberRole | null | undefined>(undefined);
  useEffect(() => {
    shopApi.memberCompany().then(
      (r) => setRole(r.company?.you?.role ?? null),
      () => setRole(null),
    );
  }, []);
  return (
    <section className="card held-order" aria-labelledby="held-order-title">
      <h2 id="held-order-title">{T.heldPlacedTitle}</h2>
      {role !== undefined && <p>{role === 'owner' ? T.heldOwnerNote : T.heldBuyerNote}</p>}
      {role === 'owner' && (
        <HeldOrderActions
          order={order}
          onDone={(decided, message) => {
            // The page's live region says it; the order below shows its new status.
            toast.success(message);
            onChange(decided);
            setTimeout(() => document.getElementById('order-status')?.focus(), 0);
          }}
        />
      )}
    </section>
  );
}
