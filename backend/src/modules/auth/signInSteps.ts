// What other areas add to a sign-in: auth sits low in the area graph and knows none of them, so a
// higher area (the cart, which merges the guest's cookie cart) subscribes here from its entrance.
// Unlike the bus's events (after a commit, answerless), a step runs inside the sign-in request
// and adds its fields to the answer; a step never fails the sign-in.
import type { Context } from 'koa';

export type SignInStep = (ctx: Context, userId: number) => Promise<Record<string, unknown>>;

const steps = new Map<string, SignInStep>();

/** Run `step` on every sign-in and registration; subscribing twice under one name keeps the last. */
export function onSignIn(name: string, step: SignInStep): void {
  steps.set(name, step);
}

/** Every step, in the order they subscribed: their fields for the sign-in's answer. */
export async function runSignInSteps(ctx: Context, userId: number): Promise<Record<string, unknown>> {
  const answer: Record<string, unknown> = {};
  for (const step of steps.values()) Object.assign(answer, await step(ctx, userId));
  return answer;
}
