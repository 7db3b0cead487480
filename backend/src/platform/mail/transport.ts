// Outgoing e-mail. With SMTP_URL each message is first kept in the `mail_queue` table, then sent
// through nodemailer's SMTP transport; when SMTP fails it stays queued and the worker in the server
// process (startMailWorker) tries again with growing pauses, so an e-mail survives an SMTP outage
// and a restart. Without SMTP_URL each message is written as an .eml file to data/outbox/
// (development, tests, shops without mail yet), cheaply, since it happens for every order.
// Sending never throws: a failed e-mail must not fail the order that caused it.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer, { Transporter } from 'nodemailer';
import type { Knex } from 'knex';
import { Model } from 'objection';
import type { Config } from '../../config';
import { scrub, scrubError } from '../http/scrub';
import type { CurrentEffect } from '../events';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** Pauses before the 2nd, 3rd, … attempt; after the last the message stays unsent with its error. */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 60 * 60_000, 6 * 60 * 60_000, 12 * 60 * 60_000];
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
/** Messages one round sends at once: a slow or silent server holds one of them, not the others. */
export const MAIL_SEND_CONCURRENCY = 4;

/**
 * How long a claimed message is left to the worker that claimed it before another round may take
 * it again: well past the longest send nodemailer's timeouts allow (connection, greeting, then
 * each command's idle wait), so a slow server is never sent the same message twice.
 */
export function mailClaimMs(config: Pick<Config, 'smtpTimeoutMs'>): number {
  return Math.max(5 * 60_000, 10 * config.smtpTimeoutMs);
}

let transport: { key: string; t: Transporter } | undefined;

function transporter(config: Pick<Config, 'smtpUrl' | 'smtpTimeoutMs'>): Transporter {
  const key = `${config.smtpUrl}\n${config.smtpTimeoutMs}`;
  if (!transport || transport.key !== key) {
    // nodemailer's defaults wait up to 10 minutes on a silent socket: far past the queue's claim.
    const t = config.smtpTimeoutMs;
    transport = {
      key,
      t: nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: t, greetingTimeout: t, socketTimeout: t, dnsTimeout: t }),
    };
  }
  return transport.t;
}

/** Write the file (0600: reset links are secrets), making the folder (0700) only when missing. */
async function writeToOutbox(dir: string, name: string, text: string) {
  const file = path.join(dir, name);
  try {
    await fs.promises.writeFile(file, text, { mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
    await fs.promises.writeFile(file, text, { mode: 0o600 });
  }
}

/**
 * An effect's message appears whole or not at all: written beside the outbox folder, then renamed
 * into it, so a process killed mid-write leaves no cut message that a rerun would take for sent.
 * (Where the parent cannot be written or is another file system, written in place.)
 */
async function writeWhole(dir: string, name: string, text: string) {
  const partial = path.join(path.dirname(path.resolve(dir)), `.${name}.partial`);
  try {
    await fs.promises.writeFile(partial, text, { mode: 0o600 });
  } catch {
    // The parent is not ours to write (or is full): the folder itself decides.
    await fs.promises.rm(partial, { force: true }).catch(() => undefined);
    return writeToOutbox(dir, name, text);
  }
  try {
    // The folder is made when a rename finds it missing (the first mail), not before every mail.
    await fs.promises.rename(partial, path.join(dir, name)).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      await fs.promises.rename(partial, path.join(dir, name));
    });
  } catch (err) {
    await fs.promises.rm(partial, { force: true }).catch(() => undefined);
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await writeToOutbox(dir, name, text);
  }
}

async function smtpSend(config: Config, mail: Mail) {
  // Quoted-printable keeps the text readable in any mail client's source view.
  await transporter(config).sendMail({ from: config.mailFrom, textEncoding: 'quoted-printable', ...mail });
}

function logFailure(event: string, mail: { subject: string }, err: unknown) {
  console.error(JSON.stringify({ level: 'error', event, subject: mail.subject, error: scrub(String((err as Error)?.message ?? err)) }));
}

interface QueueRow {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: string | null;
  attempts: number;
}

function toRow(mail: Mail, now: number) {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    attachments: mail.attachments?.length
      ? JSON.stringify(
          mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content).toString('base64'),
          })),
        )
      : null,
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  };
}

function fromRow(row: QueueRow): Mail {
  const attachments = row.attachments
    ? (JSON.parse(row.attachments) as Array<{ filename: string; contentType?: string; content: string }>).map((a) => ({
        ...a,
        content: Buffer.from(a.content, 'base64'),
      }))
    : undefined;
  return { to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined, attachments };
}

/**
 * One attempt at a queued message. The row is claimed first (attempts moves on only if no other
 * instance moved it) with a fresh token and a lease of mailClaimMs, so no other round takes it
 * while this send may still be running; the outcome is written only while the token is still the
 * row's, so a send that outlived its lease can neither mark nor fail a message another worker
 * took again.
 */
async function attempt(knex: Knex, config: Config, row: QueueRow, now: number): Promise<boolean> {
  const attempts = Number(row.attempts) + 1;
  const retryIn = MAIL_RETRY_DELAYS_MS[attempts - 1];
  const claimToken = crypto.randomBytes(16).toString('hex');
  const claimed = await knex('mailQueue')
    .where({ id: row.id, attempts: row.attempts })
    .whereNull('sentAt')
    // From the claim's own time: late in a long round `now` (the round's start) is long past.
    .update({ attempts, claimToken, nextAttemptAt: Math.max(now, Date.now()) + mailClaimMs(config) });
  if (!claimed) return false;
  const ours = () => knex('mailQueue').where({ id: row.id, claimToken });
  try {
    await smtpSend(config, fromRow(row));
    await ours().update({ sentAt: Date.now(), lastError: null });
    return true;
  } catch (err) {
    const error = scrub(String((err as Error)?.message ?? err)).slice(0, 1000);
    // The pause counts from the failure (a timed-out send took a while), or from the round's
    // clock when that is later (tests run rounds at a later `now`). After the last attempt the
    // row is no longer due (attempts reached the maximum) and keeps its error.
    const nextAttemptAt = retryIn === undefined ? now : Math.max(now, Date.now()) + retryIn;
    await ours().update({ lastError: error, nextAttemptAt });
    logFailure(retryIn === undefined ? 'mail_given_up' : 'mail_retry_later', row, err);
    return false;
  }
}

/** Send every queued message that is due (the worker's round; tests call it with a later `now`),
 *  MAIL_SEND_CONCURRENCY at a time: one that waits on a slow server does not hold the others. */
export async function deliverDueMail(knex: Knex, config: Config, now = Date.now()): Promise<{ sent: number; failed: number }> {
  if (!config.smtpUrl) return { sent: 0, failed: 0 };
  const due: QueueRow[] = await knex('mailQueue')
    .whereNull('sentAt')
    .where('attempts', '<', MAIL_MAX_ATTEMPTS)
    .where('nextAttemptAt', '<=', now)
    .orderBy('id')
    .limit(50);
  let sent = 0;
  let next = 0;
  const lane = async () => {
    while (next < due.length) {
      const row = due[next++];
      if (await attempt(knex, config, row, now)) sent++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAIL_SEND_CONCURRENCY, due.length) }, lane));
  return { sent, failed: due.length - sent };
}

/** The worker in the server process: a round every `everyMs`, stopped with the returned function. */
export function startMailWorker(knex: Knex, config: Config, everyMs = 30_000): () => void {
  if (!config.smtpUrl) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverDueMail(knex, config)
      .catch((err) => console.error(JSON.stringify({ level: 'error', event: 'mail_worker_failed', error: scrubError(err) })))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** How many mails each running effect has sent so far: the n-th mail's key is the effect's and n. */
const mailsOfEffect = new WeakMap<CurrentEffect, number>();

/** An effect run again (platform/events' `rerun`) may have sent this mail before its process died
 *  or it failed later: it was, when the outbox folder or the queue has its key. */
async function alreadySent(config: Config, key: string, knex: Knex | undefined): Promise<boolean> {
  if (!config.smtpUrl) {
    const names = await fs.promises.readdir(config.outboxDir).catch(() => [] as string[]);
    return names.some((n) => n.endsWith(`-${key}.eml`));
  }
  return !!knex && !!(await knex('mailQueue').where({ effectKey: key }).first('id'));
}

/** Send a message — after the transaction that caused it has committed (never inside one: with
 *  SQLite it would wait for the one connection). Resolves true when it went out (or into the outbox), false when it is left
 *  in the queue for a retry (or, with no database reachable, lost — logged). Inside a durable
 *  effect (platform/events) the mail carries the effect's key, so the effect run again does not
 *  send it twice, and a failure to hand it over (folder or queue) throws: the effect is retried. */
export async function sendMail(
  config: Config,
  mail: Mail,
  { knex = safeKnex(), effect }: { knex?: Knex; effect?: CurrentEffect } = {},
): Promise<boolean> {
  let key: string | undefined;
  if (effect) {
    const n = mailsOfEffect.get(effect) ?? 0;
    mailsOfEffect.set(effect, n + 1);
    key = `${effect.key}-${n}`;
  }
  try {
    if (key && effect?.rerun && (await alreadySent(config, key, knex))) return true;
    if (!config.smtpUrl) {
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${key ?? crypto.randomUUID().slice(0, 8)}.eml`;
      const text = await outboxMessage(config.mailFrom, mail);
      await (key ? writeWhole(config.outboxDir, name, text) : writeToOutbox(config.outboxDir, name, text));
      return true;
    }
    if (!knex) {
      await smtpSend(config, mail);
      return true;
    }
    const now = Date.now();
    const [inserted] = await knex('mailQueue')
      .insert({ ...toRow(mail, now), effectKey: key ?? null })
      .returning('id');
    const id = typeof inserted === 'object' ? inserted.id : inserted;
    const row = await knex('mailQueue').where({ id }).first();
    return await attempt(knex, config, row, now);
  } catch (err) {
    logFailure('mail_failed', mail, err);
    if (effect) throw err;
    return false;
  }
}

function safeKnex(): Knex | undefined {
  try {
    return Model.knex();
  } catch {
    return undefined;
  }
}

/** RFC 2047 for a header with Bulgarian text. */
function encodedWord(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;
}

const HEX = Buffer.from('0123456789ABCDEF');
const EQUALS = 0x3d;
const SPACE = 0x20;

/** Quoted-printable (RFC 2045): every line at most 76 characters, soft breaks with '='. Every
 *  mail is encoded whole (a confirmation's HTML is several KB of mostly two-byte Cyrillic), so it
 *  is written byte by byte into one buffer rather than built up as strings. */
export function quotedPrintable(text: string): string {
  const bytes = Buffer.from(text.replace(/\r?\n/g, '\n'));
  // At worst every byte becomes =XX, with a soft break every 25 of them.
  const out = Buffer.allocUnsafe(bytes.length * 3 + Math.ceil(bytes.length / 25) * 3 + 3);
  let at = 0;
  let width = 0;
  for (let i = 0; i <= bytes.length; i++) {
    const byte = i < bytes.length ? bytes[i] : 0x0a;
    if (byte === 0x0a) {
      // A space at the end of a line would be lost in transit: it is written =20.
      if (width > 0 && out[at - 1] === SPACE) {
        out[at - 1] = EQUALS;
        out[at++] = HEX[2];
        out[at++] = HEX[0];
      }
      // The text's end is a line's end too, without a line break after it.
      if (i === bytes.length) break;
      out[at++] = 0x0d;
      out[at++] = 0x0a;
      width = 0;
      continue;
    }
    const plain = (byte >= 33 && byte <= 126 && byte !== EQUALS) || byte === SPACE;
    const size = plain ? 1 : 3;
    if (width + size > 75) {
      out[at++] = EQUALS;
      out[at++] = 0x0d;
      out[at++] = 0x0a;
      width = 0;
    }
    if (plain) out[at++] = byte;
    else {
      out[at++] = EQUALS;
      out[at++] = HEX[byte >> 4];
      out[at++] = HEX[byte & 15];
    }
    width += size;
  }
  return out.toString('latin1', 0, at);
}

/** The outbox's .eml: a message any mail client opens (no SMTP configured): plain text, or
 *  text and HTML as multipart/alternative when the mail has an HTML part; with attachments
 *  nodemailer composes the MIME parts. */
async function outboxMessage(from: string, mail: Mail): Promise<string> {
  if (mail.attachments?.length) {
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const info = await composer.sendMail({ from, textEncoding: 'quoted-printable', ...mail });
    return (info.message as Buffer).toString('utf8');
  }
  const fromAddress = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const headers = [
    `From: ${from.replace(/^([^<]+)</, (_, n: string) => `${encodedWord(n.trim())} <`)}`,
    `To: ${mail.to}`,
    `Subject: ${encodedWord(mail.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${fromAddress.split('@')[1] ?? 'localhost'}>`,
    'MIME-Version: 1.0',
  ];
  const part = (type: string, body: string) => [
    `Content-Type: ${type}; charset=utf-8`,
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(body),
  ];
  if (!mail.html) return [...headers, ...part('text/plain', mail.text), ''].join('\r\n');
  // randomUUID draws from a kept pool of random bytes (randomBytes asks the system every time).
  const boundary = `=_alt_${crypto.randomUUID().replace(/-/g, '')}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...part('text/plain', mail.text),
    `--${boundary}`,
    ...part('text/html', mail.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Send without waiting: for use after a transaction has committed. */
export function sendMailLater(config: Config, mail: Mail): void {
  void sendMail(config, mail);
}

/** Mail waiting in (or kept by) the queue for these addresses (lower case) goes: erasing their
 *  owner's data. */
export async function dropQueuedMailTo(db: Knex, emails: string[]): Promise<void> {
  if (!emails.length) return;
  await db('mail_queue')
    .whereRaw(`lower(??) in (${emails.map(() => '?').join(', ')})`, ['to', ...emails])
    .delete();
}
