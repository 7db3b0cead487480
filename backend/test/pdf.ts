// Reading what the shop sends as a file: supertest's parser for a binary answer, and a PDF's text
// by poppler's pdftotext (as an accountant's tools read it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** supertest `.buffer(true).parse(binary)`: the answer's bytes as one Buffer. */
export function binary(res: any, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

/** The PDF's text; `layout` keeps the columns' places (a table's row on one line). */
export async function pdfText(buffer: Buffer, { layout = true }: { layout?: boolean } = {}): Promise<string> {
  const file = path.join(os.tmpdir(), `vapsolo-read-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, buffer);
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', ...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}
