import { readFile } from 'node:fs/promises';
import { FeedFormatError } from './parse';

/** A feed is at most this large (100,000 vehicles with photo URLs is about 40 MB of CSV). */
export const MAX_FEED_BYTES = 200 * 1024 * 1024;

/** Reads a feed from a file path or an http(s) URL; the format from the name or content type. */
export async function readFeedSource(source: string): Promise<{ text: string; formatHint: string | null }> {
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, { redirect: 'follow', signal: AbortSignal.timeout(120_000) });
    if (!response.ok) throw new FeedFormatError(`${source} answered ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_FEED_BYTES) throw new FeedFormatError(`${source} is larger than ${MAX_FEED_BYTES} bytes`);
    const text = await response.text();
    if (Buffer.byteLength(text) > MAX_FEED_BYTES)
      throw new FeedFormatError(`${source} is larger than ${MAX_FEED_BYTES} bytes`);
    return { text, formatHint: response.headers.get('content-type') ?? new URL(source).pathname };
  }
  const buffer = await readFile(source);
  if (buffer.byteLength > MAX_FEED_BYTES) throw new FeedFormatError(`${source} is larger than ${MAX_FEED_BYTES} bytes`);
  return { text: buffer.toString('utf8'), formatHint: source };
}
