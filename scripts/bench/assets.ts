// The JavaScript a page makes the browser load on first paint: every /assets/*.js the HTML
// loads (module preloads, script sources and the inline module script's imports), plus
// whatever those files import statically, followed recursively. The route manifest's own file,
// named in the inline manifest as its `url`, is not loaded with lazy route discovery on, so a
// mere mention of a path does not count. Dynamic import() is left out, although some of it
// starts at once (an island's chunk, code imported after hydration): this is the first download
// only, and ./browser-javascript.ts, which the budget test and the bench use, counts the rest.
// Sizes are read from build/client and gzipped at the default level, as `compression` serves them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type PageJavaScript = {
  files: { file: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
  missing: string[];
};

const ASSET_IN_HTML = /(?:\bhref=|\bsrc=|\bimport\s*\(\s*|\bfrom\s*|\bimport\s*)["'](\/assets\/[^"'?#]+\.js)["']/g;
// Minified static imports: import{a as b}from"./x.js" | import"./x.js" | export{…}from"./x.js"
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js|\/assets\/[^"']+\.js)["']/g;

export function javascriptOfPage(html: string, clientDir: string): PageJavaScript {
  const queue = [...new Set([...html.matchAll(ASSET_IN_HTML)].map((match) => match[1]!))];
  const seen = new Set<string>();
  const result: PageJavaScript = { files: [], raw: 0, gzip: 0, missing: [] };
  while (queue.length > 0) {
    const urlPath = queue.shift()!;
    if (seen.has(urlPath)) continue;
    seen.add(urlPath);
    const file = path.join(clientDir, urlPath);
    if (!existsSync(file)) {
      result.missing.push(urlPath);
      continue;
    }
    const source = readFileSync(file);
    const gzip = gzipSync(source).length;
    result.files.push({ file: urlPath, raw: source.length, gzip });
    result.raw += source.length;
    result.gzip += gzip;
    for (const match of source.toString('utf8').matchAll(STATIC_IMPORT)) {
      const target = match[1]!;
      queue.push(target.startsWith('/') ? target : path.posix.join(path.posix.dirname(urlPath), target));
    }
  }
  result.files.sort((a, b) => b.gzip - a.gzip);
  return result;
}
