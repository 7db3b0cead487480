// The outbox's .eml files: readable by any mail client, the Bulgarian text intact.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import net from 'node:net';
import { quotedPrintable, sendMail, deliverDueMail, MAIL_RETRY_DELAYS_MS, mailClaimMs } from '../src/platform/mail/transport';
import { makeShop, TestShop } from './helpers';
import { loadConfig } from '../src/config';

function decode(qp: string): string {
  const bytes = qp.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

it('encodes quoted-printable lines of at most 76 characters that decode to the same text', () => {
  const text = 'Здравейте, Мария!\n\nПоръчка VS-10001 = 37,31 лв. ' + 'дълъг ред '.repeat(30) + '\nкрай ';
  const encoded = quotedPrintable(text);
  expect(encoded.split('\r\n').every((l) => l.length <= 76)).toBe(true);
  expect(decode(encoded).replace(/\r\n/g, '\n')).toBe(text);
});

it('writes a plain-text message with encoded headers to the outbox when there is no SMTP', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-mail-'));
  const config = loadConfig({ NODE_ENV: 'test' } as NodeJS.ProcessEnv, { outboxDir: dir, smtpUrl: undefined });
  expect(await sendMail(config, { to: 'maria@example.bg', subject: 'Поръчка VS-10001 е приета', text: 'Благодарим Ви!' })).toBe(true);
  const [file] = fs.readdirSync(dir);
  const raw = fs.readFileSync(path.join(dir, file), 'utf8');
  expect(raw).toMatch(/^From: .+\r\nTo: maria@example\.bg\r\nSubject: =\?UTF-8\?B\?/);
  expect(raw).toContain('Content-Type: text/plain; charset=utf-8');
  expect(decode(raw.split('\r\n\r\n')[1]).trim()).toBe('Благодарим Ви!');
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('with SMTP: the queue in the database', () => {
  /** A tiny SMTP server: refuses the first `failFirst` messages with 451, then accepts. */
  function smtpStandIn(failFirst: number) {
    const received: string[] = [];
    let refused = 0;
    const server = net.createServer((socket) => {
      let inData = false;
      let data = '';
      let buffer = '';
      socket.write('220 stand-in ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('latin1');
        let at: number;
        while ((at = buffer.indexOf('\r\n')) !== -1) {
          const line = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (inData) {
            if (line === '.') {
              inData = false;
              if (refused < failFirst) {
                refused++;
                socket.write('451 4.3.0 try again later\r\n');
              } else {
                received.push(data);
                socket.write('250 2.0.0 queued\r\n');
              }
              data = '';
            } else data += line + '\r\n';
            continue;
          }
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250-stand-in\r\n250 8BITMIME\r\n');
          else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go on\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    return { server, received };
  }

  let shop: TestShop;
  let stand: ReturnType<typeof smtpStandIn>;
  afterEach(async () => {
    await shop.close();
    await new Promise((r) => stand.server.close(r));
  });

  async function start(failFirst: number) {
    stand = smtpStandIn(failFirst);
    await new Promise<void>((r) => stand.server.listen(0, '127.0.0.1', r));
    const port = (stand.server.address() as net.AddressInfo).port;
    shop = await makeShop({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, mailFrom: 'VAP SOLO <shop@vapsolo.bg>' });
  }

  it('sends at once when SMTP answers, with HTML and attachments, and marks it sent', async () => {
    await start(0);
    const ok = await sendMail(shop.config, {
      to: 'maria@example.bg',
      subject: 'Фактура',
      text: 'Фактурата е приложена.',
      html: '<p>Фактурата е <b>приложена</b>.</p>',
      attachments: [{ filename: 'faktura.pdf', content: Buffer.from('%PDF-1.4 test'), contentType: 'application/pdf' }],
    });
    expect(ok).toBe(true);
    expect(stand.received).toHaveLength(1);
    expect(stand.received[0]).toContain('text/html');
    expect(stand.received[0]).toContain('filename=faktura.pdf');
    expect(stand.received[0]).toContain(Buffer.from('%PDF-1.4 test').toString('base64'));
    const [row] = await shop.app.knex('mailQueue');
    expect(row.sentAt).toBeTruthy();
    expect(row.attempts).toBe(1);
  });

  it('keeps a message SMTP refused and sends it on a later round, after the pause', async () => {
    await start(2);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const t0 = Date.now();
    expect(await sendMail(shop.config, { to: 'maria@example.bg', subject: 'Поръчка VS-1', text: 'Благодарим!' })).toBe(false);
    let [row] = await shop.app.knex('mailQueue');
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/451/);
    expect(Number(row.nextAttemptAt)).toBeGreaterThanOrEqual(t0 + MAIL_RETRY_DELAYS_MS[0]);

    // Not due yet: nothing happens.
    expect(await deliverDueMail(shop.app.knex, shop.config, t0 + 1000)).toEqual({ sent: 0, failed: 0 });
    // Due: refused again; the next pause is longer.
    expect(await deliverDueMail(shop.app.knex, shop.config, Number(row.nextAttemptAt))).toEqual({ sent: 0, failed: 1 });
    const after2 = await shop.app.knex('mailQueue').first();
    expect(Number(after2.nextAttemptAt) - Number(row.nextAttemptAt)).toBe(MAIL_RETRY_DELAYS_MS[1]);
    // Third time it goes out.
    expect(await deliverDueMail(shop.app.knex, shop.config, Number(after2.nextAttemptAt))).toEqual({ sent: 1, failed: 0 });
    [row] = await shop.app.knex('mailQueue');
    expect(row.sentAt).toBeTruthy();
    expect(row.attempts).toBe(3);
    expect(stand.received).toHaveLength(1);
    expect(stand.received[0]).toContain('To: maria@example.bg');
    // Sent once: later rounds leave it alone.
    expect(await deliverDueMail(shop.app.knex, shop.config, Date.now() + 10 * 86_400_000)).toEqual({ sent: 0, failed: 0 });
    quiet.mockRestore();
  });
});

describe('with a slow or silent SMTP server', () => {
  type Behaviour = 'normal' | 'slow' | 'silent';
  /**
   * An SMTP stand-in whose n-th connection behaves as `behaviours[n]` (then 'normal'): 'slow'
   * holds its answer to a message's end until the test calls release(code); 'silent' greets,
   * then never answers. `events` records what happened, in order.
   */
  function smtpStandIn(behaviours: Behaviour[]) {
    const events: string[] = [];
    const received: string[] = [];
    const waiters: Array<() => void> = [];
    let held: ((code: string) => void) | undefined;
    let connections = 0;
    const happened = (event: string) => {
      events.push(event);
      for (const w of waiters.splice(0)) w();
    };
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      const behaviour = behaviours[connections++] ?? 'normal';
      sockets.add(socket);
      socket.write('220 stand-in ESMTP\r\n');
      // The client gave up (its timeout) or said QUIT: it ended or dropped the connection.
      let closed = false;
      const gone = () => {
        if (!closed) happened(`closed:${behaviour}`);
        closed = true;
      };
      socket.on('end', () => {
        gone();
        socket.end();
      });
      socket.on('close', () => {
        gone();
        sockets.delete(socket);
      });
      socket.on('error', () => undefined);
      if (behaviour === 'silent') return;
      let inData = false;
      let data = '';
      let buffer = '';
      socket.on('data', (chunk) => {
        buffer += chunk.toString('latin1');
        let at: number;
        while ((at = buffer.indexOf('\r\n')) !== -1) {
          const line = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (inData) {
            if (line !== '.') {
              data += line + '\r\n';
              continue;
            }
            inData = false;
            const message = data;
            data = '';
            const subject = /^Subject: (.*)$/m.exec(message)?.[1] ?? '';
            const answer = (code: string) => {
              if (code.startsWith('250')) {
                received.push(message);
                happened(`received:${subject}`);
              }
              socket.write(`${code}\r\n`);
            };
            if (behaviour === 'slow') {
              held = answer;
              happened(`holding:${subject}`);
            } else answer('250 2.0.0 queued');
            continue;
          }
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250-stand-in\r\n250 8BITMIME\r\n');
          else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go on\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    /** Resolves once `events` holds something matching. */
    const until = async (test: RegExp) => {
      while (!events.some((e) => test.test(e))) await new Promise<void>((r) => waiters.push(r));
    };
    const release = (code = '250 2.0.0 queued') => held!(code);
    const close = () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((r) => server.close(r));
    };
    return { server, events, received, until, release, close };
  }

  let shop: TestShop;
  let stand: ReturnType<typeof smtpStandIn>;
  let quiet: jest.SpyInstance;
  afterEach(async () => {
    quiet.mockRestore();
    await shop.close();
    await stand.close();
  });

  async function start(behaviours: Behaviour[], smtpTimeoutMs?: number) {
    stand = smtpStandIn(behaviours);
    // The shop logs each failed send: in the same list, to see what came before it.
    quiet = jest.spyOn(console, 'error').mockImplementation((line: string) => void stand.events.push(`logged:${JSON.parse(line).event}`));
    await new Promise<void>((r) => stand.server.listen(0, '127.0.0.1', r));
    const port = (stand.server.address() as net.AddressInfo).port;
    shop = await makeShop({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      mailFrom: 'VAP SOLO <shop@vapsolo.bg>',
      ...(smtpTimeoutMs ? { smtpTimeoutMs } : {}),
    });
  }

  it('a slow server is sent the confirmation once: a round a minute later does not take the message again', async () => {
    await start(['slow']);
    const t0 = Date.now();
    const first = sendMail(shop.config, { to: 'maria@example.bg', subject: 'Order VS-1', text: 'Thank you!' });
    await stand.until(/^holding:Order VS-1$/);
    // Past the first retry pause (and the old 60 s claim) while the server still holds the message.
    expect(await deliverDueMail(shop.app.knex, shop.config, t0 + MAIL_RETRY_DELAYS_MS[0] + 5_000)).toEqual({ sent: 0, failed: 0 });
    stand.release();
    expect(await first).toBe(true);
    expect(stand.received).toHaveLength(1);
    const [row] = await shop.app.knex('mailQueue');
    expect(row.sentAt).toBeTruthy();
    expect(row.attempts).toBe(1);
    expect(mailClaimMs(shop.config)).toBeGreaterThan(3 * shop.config.smtpTimeoutMs);
  });

  it('a send that outlived its claim cannot mark the message another round took again', async () => {
    await start(['slow']);
    const t0 = Date.now();
    const first = sendMail(shop.config, { to: 'maria@example.bg', subject: 'Order VS-2', text: 'Thank you!' });
    await stand.until(/^holding:Order VS-2$/);
    // Another worker, after the claim ran out, sends it (the second connection answers at once).
    const claimed = await shop.app.knex('mailQueue').first();
    expect(Number(claimed.nextAttemptAt)).toBeGreaterThanOrEqual(t0 + mailClaimMs(shop.config));
    expect(await deliverDueMail(shop.app.knex, shop.config, Number(claimed.nextAttemptAt))).toEqual({ sent: 1, failed: 0 });
    // The first send now fails late: the row stays sent, without its error.
    stand.release('451 4.3.0 try again later');
    expect(await first).toBe(false);
    const [row] = await shop.app.knex('mailQueue');
    expect(row.sentAt).toBeTruthy();
    expect(row.lastError).toBeNull();
    expect(row.attempts).toBe(2);
    expect(stand.received).toHaveLength(1);
  });

  it('a server that greets then goes silent holds one message, not the others; each arrives exactly once', async () => {
    await start(['silent'], 2_000);
    const now = Date.now();
    const subjects = ['Order VS-11', 'Order VS-12', 'Order VS-13', 'Order VS-14'];
    for (const subject of subjects)
      await shop.app
        .knex('mailQueue')
        .insert({ to: 'maria@example.bg', subject, text: 'Thank you!', attempts: 0, nextAttemptAt: now, createdAt: now });
    expect(await deliverDueMail(shop.app.knex, shop.config, now)).toEqual({ sent: 3, failed: 1 });
    // The three others arrived before the silent one's send failed (at the shop's SMTP timeout).
    const failedAt = stand.events.indexOf('logged:mail_retry_later');
    expect(failedAt).toBeGreaterThan(-1);
    expect(stand.events.slice(0, failedAt).filter((e) => e.startsWith('received:'))).toHaveLength(3);
    const [failed] = await shop.app.knex('mailQueue').whereNull('sentAt');
    expect(failed.lastError).toMatch(/time/i);
    expect(failed.attempts).toBe(1);
    expect(Number(failed.nextAttemptAt)).toBeGreaterThanOrEqual(now + MAIL_RETRY_DELAYS_MS[0]);
    // Not due before its pause; then it goes out, once.
    expect(await deliverDueMail(shop.app.knex, shop.config, now + 1_000)).toEqual({ sent: 0, failed: 0 });
    expect(await deliverDueMail(shop.app.knex, shop.config, Number(failed.nextAttemptAt))).toEqual({ sent: 1, failed: 0 });
    const arrived = stand.received.map((m) => /^Subject: (.*)$/m.exec(m)![1]).sort();
    expect(arrived).toEqual(subjects);
    expect(await shop.app.knex('mailQueue').whereNull('sentAt')).toHaveLength(0);
  });
});

it('writes outbox files for its own user only (0600 in a 0700 folder)', async () => {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-mail-')), 'outbox');
  const config = loadConfig({ NODE_ENV: 'test' } as NodeJS.ProcessEnv, { outboxDir: dir, smtpUrl: undefined });
  await sendMail(config, { to: 'a@example.bg', subject: 'Нова парола', text: 'https://vapsolo.bg/reset-password?token=secret' });
  expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  expect(fs.statSync(path.join(dir, fs.readdirSync(dir)[0])).mode & 0o777).toBe(0o600);
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

it('writes HTML and attachments to the outbox as a MIME message', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-mail-'));
  const config = loadConfig({ NODE_ENV: 'test' } as NodeJS.ProcessEnv, { outboxDir: dir, smtpUrl: undefined });
  await sendMail(config, {
    to: 'a@example.bg',
    subject: 'Фактура',
    text: 'Текст',
    html: '<p>Текст</p>',
    attachments: [{ filename: 'f.pdf', content: Buffer.from('PDF'), contentType: 'application/pdf' }],
  });
  const raw = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]), 'utf8');
  expect(raw).toContain('multipart/mixed');
  expect(raw).toContain('filename=f.pdf');
  fs.rmSync(dir, { recursive: true, force: true });
});
