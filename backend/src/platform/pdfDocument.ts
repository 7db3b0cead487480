// One way to start a PDF in the shop (invoices, courier labels, packing slips): pdfkit with
// DejaVu Sans embedded, so Cyrillic prints, and the finished bytes as a promise.
import PDFDocument from 'pdfkit';

// Resolved at run time from node_modules, so the bundled server (packages external) finds them too.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type Pdf = PDFKit.PDFDocument;

/** A new document with the fonts 'regular' (current) and 'bold'; `done` resolves to its bytes after pdf.end(). */
export function startPdf(options: PDFKit.PDFDocumentOptions): { pdf: Pdf; done: Promise<Buffer> } {
  const pdf = new PDFDocument(options);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', FONT);
  pdf.registerFont('bold', FONT_BOLD);
  pdf.font('regular');
  return { pdf, done };
}
