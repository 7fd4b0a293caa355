import compression from 'compression';
import { constants } from 'node:zlib';

/**
 * Brotli's window for the app's own compression: 2^18 bytes (256 KB), not its default 2^22.
 * The encoder's ring buffer is allocated at the window's size once an answer outgrows its first
 * block (64 KB), so every search or vehicle page (95-175 KB of HTML) cost 4 MB of native memory
 * at the default; V8 counts it as external memory of the request thread's isolate, and that
 * pressure started a full GC every few pages (decision 113). 256 KB still spans a whole page:
 * the same bytes for the search and vehicle pages.
 */
export const BROTLI_WINDOW_BITS = 18;

/**
 * The compression middleware as the app mounts it: gzip at `level` (COMPRESSION_LEVEL, decision
 * 072), Brotli (what browsers ask for first) at the package's quality 4 with the window above.
 */
export function compressResponses(level: number) {
  return compression({ level, brotli: { params: { [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } });
}
