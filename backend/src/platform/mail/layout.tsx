// The frame of every HTML e-mail the shop sends: a narrow column on a light page, the shop's word
// mark above a white card, the message inside it and the contact line at its foot. React renders
// it (renderToStaticMarkup), so every value is HTML-escaped. No shop rule lives here: the shop's
// name, the contact line and the content come as props from the area that writes the message.
import { Fragment, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** The e-mails' colours (the storefront's palette). */
export const MAIL_COLORS = {
  accent: '#5b21b6',
  text: '#14121a',
  muted: '#4b4857',
  faint: '#6b6878',
  line: '#e6e3ee',
  page: '#f7f6fb',
  card: '#ffffff',
} as const;

/** The shop's name as a word mark, as the storefront writes it: the last word in the accent colour,
 *  joined to the rest ("VAP SOLO" → VAP<span>SOLO</span>). */
function WordMark({ name }: { name: string }) {
  const at = name.lastIndexOf(' ');
  if (at < 0) return <>{name}</>;
  return (
    <>
      {name.slice(0, at)}
      <span style={{ color: MAIL_COLORS.accent }}>{name.slice(at + 1)}</span>
    </>
  );
}

export interface MailLayoutProps {
  /** The message's subject, as the document's title. */
  subject: string;
  /** The shop's name, shown as its word mark above the message. */
  shopName: string;
  /** The line under the message (the shop's name and how to reach it). */
  footer?: string;
  children: ReactNode;
}

export function MailLayout({ subject, shopName, footer, children }: MailLayoutProps) {
  return (
    <html lang="bg">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: MAIL_COLORS.page }}>
        <div
          style={{
            maxWidth: '600px',
            margin: '0 auto',
            padding: '20px 16px',
            fontFamily: 'Arial,Helvetica,sans-serif',
            fontSize: '15px',
            lineHeight: 1.5,
            color: MAIL_COLORS.text,
          }}
        >
          <div style={{ fontWeight: 900, fontSize: '22px', margin: '0 0 16px' }}>
            <WordMark name={shopName} />
          </div>
          <div style={{ background: MAIL_COLORS.card, border: `1px solid ${MAIL_COLORS.line}`, borderRadius: '14px', padding: '20px' }}>
            {children}
            {footer ? (
              <p
                style={{
                  margin: '24px 0 0',
                  color: MAIL_COLORS.faint,
                  fontSize: '13px',
                  borderTop: `1px solid ${MAIL_COLORS.line}`,
                  paddingTop: '12px',
                }}
              >
                {footer}
              </p>
            ) : null}
          </div>
        </div>
      </body>
    </html>
  );
}

/** An e-mail's HTML: the document React renders, after its doctype. */
export function renderMailHtml(document: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(document)}`;
}

/** A message part, the same content twice: plain text and HTML. */
export interface Part {
  text: string[];
  html: ReactNode;
}

/** A message ready to send: its subject, plain text and HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Who signs a message: the shop's name and contacts (from its settings). */
export interface MailSender {
  brand: string;
  contacts: { phone?: string | null; email?: string | null };
}

const PARAGRAPH: CSSProperties = { margin: '0 0 14px' };

export const para = (text: string): Part => ({ text: [text, ''], html: <p style={PARAGRAPH}>{text}</p> });

export function linkPart(label: string, url: string): Part {
  return {
    text: [`${label}: ${url}`, ''],
    html: (
      <p style={{ margin: '0 0 18px' }}>
        <a
          href={url}
          style={{
            display: 'inline-block',
            background: MAIL_COLORS.accent,
            color: '#ffffff',
            padding: '10px 18px',
            borderRadius: '10px',
            textDecoration: 'none',
            fontWeight: 700,
          }}
        >
          {label}
        </a>
      </p>
    ),
  };
}

/**
 * The whole message from its parts: the text joined by lines and signed ("--" and the shop's
 * name, phone and e-mail), the HTML in the shared frame with that line at its foot.
 */
export function compose(subject: string, v: { settings: MailSender }, parts: Array<Part | null>): MailContent {
  const present = parts.filter((p): p is Part => p !== null);
  const c = v.settings.contacts;
  const signature = [v.settings.brand, c.phone, c.email].filter(Boolean).join(' · ');
  const text =
    [...present.flatMap((p) => p.text), '--', signature]
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n';
  const html = renderMailHtml(
    <MailLayout subject={subject} shopName={v.settings.brand} footer={signature}>
      {present.map((p, n) => (
        <Fragment key={n}>{p.html}</Fragment>
      ))}
    </MailLayout>,
  );
  return { subject, text, html };
}
