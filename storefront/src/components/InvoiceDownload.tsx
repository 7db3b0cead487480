// The order's invoice and credit note, for the buyer to download (order page and profile).
import { useEffect, useState } from 'react';
import { api } from '../api/client';

interface Document {
  number: string;
  kind: 'invoice' | 'credit_note';
  issuedAt: string;
  pdfUrl: string;
}

export function InvoiceDownload({ orderId }: { orderId: number }) {
  const [docs, setDocs] = useState<{ invoice: Document | null; creditNote: Document | null } | null>(null);
  useEffect(() => {
    api
      .get<{ invoice: Document | null; creditNote: Document | null }>(`/orders/${orderId}/invoices`, { silent: true })
      .then(setDocs, () => setDocs(null));
  }, [orderId]);
  const list = [docs?.invoice, docs?.creditNote].filter((d): d is Document => Boolean(d));
  if (!list.length) return null;
  return (
    <section className="card invoice-download" aria-label="Фактура">
      <h2>Фактура</h2>
      <ul>
        {list.map((d) => (
          <li key={d.number}>
            <a href={d.pdfUrl} download>
              {d.kind === 'invoice' ? 'Изтегли фактура' : 'Изтегли кредитно известие'} № {d.number} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
