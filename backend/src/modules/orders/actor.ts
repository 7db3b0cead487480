// Who acts on an order: a signed-in person (by id and e-mail) or a label (a guest's name, a courier).
import type { User } from '../../models/User';

export interface Actor {
  userId: number | null;
  label: string;
}

export function actorOf(user: User | null | undefined, fallback = 'Гост'): Actor {
  return user ? { userId: user.id, label: user.email } : { userId: null, label: fallback };
}
