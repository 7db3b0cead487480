// The outbox's .eml files: readable by any mail client, the Bulgarian text intact.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { quotedPrintable, sendMail } from '../src/services/mail';
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
