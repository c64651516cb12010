import { inflateSync } from 'node:zlib';

/** The text a PDF draws: its content streams inflated, their hex strings (how standard fonts write text) decoded. */
export function pdfText(bytes: Buffer): string {
  const out: string[] = [];
  const raw = bytes.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.slice(start, end);
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
  }
  return out.join('\n');
}
