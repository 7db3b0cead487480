// What the orders' routes need of the request that is not the orders' own: who is signed in
// (auth), and the staff member acting, as the order's history names them.
import type { Context } from 'koa';
import { currentUser, requireUser } from '../../platform/http/auth';
import { actorOf, type Actor } from './actor';

export { currentUser, requireUser };

export function staffActor(ctx: Context): Actor {
  return actorOf(currentUser(ctx));
}
