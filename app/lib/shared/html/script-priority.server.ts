import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

// Remix's <Scripts> preloads every module of the page with <link rel="modulepreload">, which
// the browser fetches at high priority, beside the stylesheet and the first images. On a slow
// line the page's JavaScript then competes with what the shopper sees first, and paint waits
// (decision 045). Marking the preloads `fetchpriority="low"` lets the stylesheet, the logo and
// the first photos go first; the modules still load in parallel and run when they arrive.

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * A stream transform over the rendered HTML that adds `fetchpriority="low"` to every module
 * preload, also when React's chunks split a tag. Holds back at most the few bytes that could be
 * the start of a split tag.
 */
export function lowPriorityModulePreloads(): Transform {
  let pending = '';
  // A chunk can also end inside a multi-byte character: the decoder keeps those bytes back.
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      const replaced = text.replaceAll(PRELOAD, LOW_PRELOAD);
      // Keep back a tail that could be the start of a tag split by the next chunk.
      const keep = partialTail(replaced);
      pending = replaced.slice(replaced.length - keep);
      callback(null, replaced.slice(0, replaced.length - keep));
    },
    flush(callback) {
      callback(null, pending + decoder.end());
    },
  });
}

/** How many characters at the end of `text` are a proper prefix of the preload tag. */
function partialTail(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length -= 1) {
    if (PRELOAD.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
