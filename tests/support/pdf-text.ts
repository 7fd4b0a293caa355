import { inflateSync } from 'node:zlib';

// The text lines of a PDF drawn by pdf-lib with the standard fonts: every content stream is
// inflated and each `<hex> Tj` operator is read back as WinAnsi (latin1) text, in drawing order.
// Enough to check what a contract prints without a PDF renderer.

export function pdfTextLines(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes);
  const source = raw.toString('latin1');
  const lines: string[] = [];
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(raw.subarray(start, end)).toString('latin1');
    } catch {
      content = source.slice(start, end);
    }
    for (const operator of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(Buffer.from(operator[1]!, 'hex').toString('latin1'));
    }
    streamPattern.lastIndex = end;
  }
  return lines;
}
