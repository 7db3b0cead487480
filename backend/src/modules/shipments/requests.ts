// What the shipments' routes ask with the request's own facts: who is acting (the signed-in
// staff member, as the order's history names them).
import type { Context } from 'koa';
import { currentUser } from '../../platform/http/auth';
import { actorOf, type Actor } from '../orders';

export function staffActor(ctx: Context): Actor {
  return actorOf(currentUser(ctx));
}
