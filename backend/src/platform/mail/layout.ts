// The layout of the shop's e-mail: a message from parts, each the same content twice (plain
// text and HTML), in a simple narrow layout with the brand's colours. Every value is HTML-escaped.
// No business here: the orders' mails and the password reset compose theirs from these.

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A message part, the same content twice: plain text and HTML. */
export interface Part {
  text: string[];
  html: string;
}

export const para = (text: string): Part => ({ text: [text, ''], html: `<p style="margin:0 0 14px">${escapeHtml(text)}</p>` });

export function linkPart(label: string, url: string): Part {
  return {
    text: [`${label}: ${url}`, ''],
    html: `<p style="margin:0 0 18px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#5b21b6;color:#ffffff;padding:10px 18px;border-radius:10px;text-decoration:none;font-weight:700">${escapeHtml(label)}</a></p>`,
  };
}

/** The signature: brand, phone and e-mail (the shop's settings). */
export function signaturePart(s: { brand: string; contacts: { phone: string; email: string } }): Part {
  const line = [s.brand, s.contacts.phone, s.contacts.email].filter(Boolean).join(' · ');
  return { text: ['--', line], html: `<p style="margin:24px 0 0;color:#6b6878;font-size:13px;border-top:1px solid #e6e3ee;padding-top:12px">${escapeHtml(line)}</p>` };
}

/** The whole message from its parts: text joined by lines, HTML in a simple, narrow layout. */
export function compose(subject: string, parts: Array<Part | null>): MailContent {
  const present = parts.filter((p): p is Part => p !== null);
  const text = present.flatMap((p) => p.text).join('\n').replace(/\n{3,}/g, '\n\n').trim() + '\n';
  const html = `<!doctype html>
<html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f7f6fb">
<div style="max-width:600px;margin:0 auto;padding:20px 16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#14121a">
<div style="font-weight:900;font-size:22px;margin:0 0 16px">VAP<span style="color:#5b21b6">SOLO</span></div>
<div style="background:#ffffff;border:1px solid #e6e3ee;border-radius:14px;padding:20px">
${present.map((p) => p.html).join('\n')}
</div></div></body></html>`;
  return { subject, text, html };
}
