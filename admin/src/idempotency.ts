// One Idempotency-Key per submission of the forms whose work must happen once: an order taken by
// phone, a payment recorded, a credit note, a waybill. A submission sent again before its answer
// came (a double click) or after an answer that never came (a dropped connection) carries the same
// key, so the server does the work once and answers the first result again. The key is dropped
// once the server has answered (done, or refused: nothing was done), so the next submission of
// the same form is a new one.
import { HttpError } from 'react-admin';

const open = new Map<string, string>();

/** A random UUID; `crypto.randomUUID` exists only on secure pages (HTTPS or localhost). */
function newKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Sends `method url body` with the submission's key (`send` puts it in the `Idempotency-Key` header). */
export async function submitOnce<T>(method: string, url: string, body: string, send: (headers: Headers) => Promise<T>): Promise<T> {
  const submission = `${method} ${url} ${body}`;
  const key = open.get(submission) ?? newKey();
  open.set(submission, key);
  try {
    const answer = await send(new Headers({ 'Idempotency-Key': key }));
    open.delete(submission);
    return answer;
  } catch (error) {
    // An answer below 500 is final (nothing was done); no answer or a server failure may be retried.
    if (error instanceof HttpError && error.status > 0 && error.status < 500) open.delete(submission);
    throw error;
  }
}
