// A company member's parts of the account page: for an owner the orders waiting for their approval
// and the company's members, for a buyer their own role and limit. The company's answer says who
// the signed-in member is there; without it (not a member, or signed out of it) nothing is shown.
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { ApiOrder } from '@domain/api';
import { shopApi, type MemberCompany, type MemberOrder } from '../../api/shop';
import { useAuth } from '../../state/auth';
import { CompanyMembers } from './CompanyMembers';
import { OrdersAwaitingApproval } from './OrdersAwaitingApproval';

export function MemberSections({
  orders,
  setOrders,
}: {
  orders: ApiOrder[] | null;
  setOrders: Dispatch<SetStateAction<ApiOrder[] | null>>;
}) {
  const { user, refreshUser } = useAuth();
  const [company, setCompany] = useState<MemberCompany | null>(null);
  const load = useCallback(() => {
    shopApi.memberCompany().then(
      (r) => setCompany(r.company?.you ? r.company : null),
      () => setCompany(null),
    );
  }, []);
  // Asked once the account is known: the sign-in's answer does not name the company, so its own
  // answer decides (a refusal: no company, nothing shown).
  const userId = user?.id;
  useEffect(() => {
    if (userId) load();
    else setCompany(null);
  }, [userId, load]);
  if (!company) return null;
  return (
    <>
      {company.you.role === 'owner' && (
        <OrdersAwaitingApproval
          orders={orders as MemberOrder[] | null}
          onOrder={(o) => setOrders((all) => all && all.map((x) => (x.id === o.id ? o : x)))}
        />
      )}
      <CompanyMembers
        company={company}
        onChange={setCompany}
        onLeft={() => {
          // Removed from the company or no longer an owner: the account and the company are asked again.
          void refreshUser();
          load();
        }}
      />
    </>
  );
}
