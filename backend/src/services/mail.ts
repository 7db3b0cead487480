// Outgoing e-mail: through nodemailer's SMTP transport when SMTP_URL is set, otherwise each
// message is written as an .eml file (text, plus HTML when there is one) to data/outbox/ (development, tests, shops
// without mail yet), cheaply, since it happens for every order.
// Sending never throws: a failed e-mail must not fail the order that caused it.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer, { Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (e.g. an invoice's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

let transport: { key: string; t: Transporter } | undefined;

function transporter(smtpUrl: string): Transporter {
  if (!transport || transport.key !== smtpUrl) transport = { key: smtpUrl, t: nodemailer.createTransport(smtpUrl) };
  return transport.t;
}

/** Write the file, making the folder only when it is not there (not once per message). */
async function writeToOutbox(dir: string, name: string, text: string) {
  try {
    await fs.promises.writeFile(path.join(dir, name), text);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.writeFile(path.join(dir, name), text);
  }
}

export async function sendMail(config: Config, mail: Mail): Promise<boolean> {
  try {
    if (config.smtpUrl) {
      // Quoted-printable keeps the text readable in any mail client's source view.
      await transporter(config.smtpUrl).sendMail({ from: config.mailFrom, textEncoding: 'quoted-printable', ...mail });
    } else {
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const text = mail.attachments?.length ? await composedMessage(config.mailFrom, mail) : outboxMessage(config.mailFrom, mail);
      await writeToOutbox(config.outboxDir, name, text);
    }
    return true;
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', event: 'mail_failed', subject: mail.subject, error: String(err) }));
    return false;
  }
}

/** RFC 2047 for a header with Bulgarian text. */
function encodedWord(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;
}

/** Quoted-printable (RFC 2045): every line at most 76 characters, soft breaks with '='. */
export function quotedPrintable(text: string): string {
  return text
    .replace(/\r?\n/g, '\n')
    .split('\n')
    .map((line) => {
      let out = '';
      let width = 0;
      for (const byte of Buffer.from(line)) {
        const plain = (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32;
        const piece = plain ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
        if (width + piece.length > 75) {
          out += '=\r\n';
          width = 0;
        }
        out += piece;
        width += piece.length;
      }
      // A space at the end of a line would be lost in transit.
      return out.endsWith(' ') ? out.slice(0, -1) + '=20' : out;
    })
    .join('\r\n');
}

/** The outbox's .eml: a message any mail client opens (no SMTP configured): plain text, or
 *  text and HTML as multipart/alternative when the mail has an HTML part. */
function outboxMessage(from: string, mail: Mail): string {
  const fromAddress = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const headers = [
    `From: ${from.replace(/^([^<]+)</, (_, n: string) => `${encodedWord(n.trim())} <`)}`,
    `To: ${mail.to}`,
    `Subject: ${encodedWord(mail.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${fromAddress.split('@')[1] ?? 'localhost'}>`,
    'MIME-Version: 1.0',
  ];
  const part = (type: string, body: string) => [`Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable', '', quotedPrintable(body)];
  if (!mail.html) return [...headers, ...part('text/plain', mail.text), ''].join('\r\n');
  const boundary = `=_alt_${crypto.randomBytes(12).toString('hex')}`;
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

/** A message with attachments, composed by nodemailer (MIME multipart) for the outbox. */
async function composedMessage(from: string, mail: Mail): Promise<string> {
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail({ from, textEncoding: 'quoted-printable', ...mail });
  return (info.message as Buffer).toString();
}

/** Send without waiting: for use after a transaction has committed. */
export function sendMailLater(config: Config, mail: Mail): void {
  void sendMail(config, mail);
}
