// Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is
// written as an .eml file to data/outbox/ (development, tests, shops without mail yet).
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
}

let transport: { key: string; t: Transporter } | undefined;

function transporter(config: Config): Transporter {
  const key = config.smtpUrl ?? 'outbox';
  if (!transport || transport.key !== key) {
    transport = { key, t: config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }) };
  }
  return transport.t;
}

export async function sendMail(config: Config, mail: Mail): Promise<boolean> {
  try {
    // Quoted-printable keeps the outbox files readable (and greppable) as text.
    const info = await transporter(config).sendMail({ from: config.mailFrom, textEncoding: 'quoted-printable', ...mail });
    if (!config.smtpUrl) {
      fs.mkdirSync(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      fs.writeFileSync(path.join(config.outboxDir, name), (info as any).message as Buffer);
    }
    return true;
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', event: 'mail_failed', subject: mail.subject, error: String(err) }));
    return false;
  }
}

/** Send without waiting: for use after a transaction has committed. */
export function sendMailLater(config: Config, mail: Mail): void {
  void sendMail(config, mail);
}
