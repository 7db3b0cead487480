// What the payments' routes need of the request: the staff member acting, as the order's history
// names them.
import type { Context } from 'koa';
import { currentUser } from '../../platform/http/auth';
import { actorOf, type Actor } from '../orders';

export function staffActor(ctx: Context): Actor {
  return actorOf(currentUser(ctx));
}
