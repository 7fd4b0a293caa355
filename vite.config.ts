import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Rollup } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { remixOptions } from './remix.config.js';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

// `ANALYZE=1 npm run build` also writes what each client chunk is made of (module by module,
// gzipped) to build/client-stats.html and build/client-stats.json: the first place to look
// when a page's JavaScript grows (e2e/js-budget.spec.ts).
const analyze = Boolean(process.env.ANALYZE);

/**
 * The chunk every page loads (decision 049): React (with its JSX runtime, which every component
 * imports: a chunk of its own otherwise, decision 058), React DOM, Remix and React Router with what
 * they need in the browser (the server runtime's data helpers, the cookie parsers, the CommonJS
 * helpers). Listed in full: a manual chunk takes only the modules named here (below).
 */
const SHARED =
  /^\0commonjsHelpers\.js$|[\\/]node_modules[\\/](react[\\/](index|jsx-runtime|cjs[\\/]react(-jsx-runtime)?\.production\.min)\.js|(react-router|react-router-dom|@remix-run[\\/](router|react|server-runtime)|@web3-storage[\\/]multipart-parser|react-dom|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/])/;

/** The modules every tracker page renders (decision 057): only tracker pages import them. */
const TRACKER_FRAME =
  /[\\/]app[\\/](components[\\/]tracker[\\/](tracker-layout|tracker-meta|tracker-islands|step-page|step-status|tracker-error-boundary)\.tsx?|lib[\\/]tracker[\\/]steps\.ts|components[\\/]ui[\\/]step-layout\.tsx)$/;

/**
 * The dealer's zone and its time formatting, which the pages showing a dealer's time (receipt,
 * documents, the pre-qualification result) load together: one chunk, as before the scheduling
 * page stopped importing the zone (decision 057).
 */
const DEALER_TIME = /[\\/]app[\\/](components[\\/]dealer-zone|lib[\\/]shared[\\/]dealer-time)\.ts$/;

const appDirectory = fileURLToPath(new URL('./app/', import.meta.url));
let shell: Set<string> | undefined;

/**
 * The app's modules every page loads: what the root and the browser entry import statically. In
 * one chunk rather than about twenty of under 0.6 KB each, every one of which costs gzip's
 * overhead again (decision 058).
 */
function shellModules(getModuleInfo: Rollup.ManualChunkMeta['getModuleInfo']): Set<string> {
  if (shell) return shell;
  const found = new Set<string>();
  const queue = [`${appDirectory}root.tsx`, `${appDirectory}entry.client.tsx`];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id)) continue;
    const info = getModuleInfo(id);
    if (!info) continue;
    found.add(id);
    queue.push(...info.importedIds.filter((dependency) => dependency.startsWith(appDirectory)));
  }
  shell = found;
  return shell;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    remix(remixOptions),
    tsconfigPaths(),
    ...(analyze && !isSsrBuild
      ? [
          visualizer({ filename: 'build/client-stats.html', template: 'treemap', gzipSize: true }),
          visualizer({ filename: 'build/client-stats.json', template: 'raw-data', gzipSize: true }),
        ]
      : []),
  ],
  build: {
    target: 'es2022',
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3 } },
    // React DOM, Remix and React Router in the one chunk every page loads: an island imports React
    // Router's contexts (app/components/ui/island.tsx, decision 049), which otherwise splits React
    // Router into a chunk of its own, 1.6 KB more on every page. The tracker's frame (layout,
    // banner, step page and status, step names, messages, error boundary) in one chunk too: every
    // tracker page loads all of it, and as nine chunks compressed apart it was 1.3 KB more
    // (decision 057). Only the modules named go into these chunks (`onlyExplicitManualChunks`):
    // otherwise Rollup adds every module they import (the island runtime, the JSX runtime…) to the
    // tracker's chunk, which every other page would then load. The app's shell (what the root
    // and the browser entry import) in one chunk as well (decision 058, `shellModules` above).
    rollupOptions: isSsrBuild
      ? undefined
      : {
          output: {
            onlyExplicitManualChunks: true,
            manualChunks: (id: string, { getModuleInfo }: Rollup.ManualChunkMeta) =>
              SHARED.test(id)
                ? 'components'
                : TRACKER_FRAME.test(id)
                  ? 'tracker-frame'
                  : DEALER_TIME.test(id)
                    ? 'dealer-zone'
                    : shellModules(getModuleInfo).has(id)
                      ? 'root'
                      : undefined,
          },
        },
  },
  // Every schema is built with zod's JIT off (see app/lib/zod-jitless.ts): no eval under our CSP.
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./app/lib/zod-jitless.ts', import.meta.url)) }],
  },
  server: { port: 3000 },
}));
