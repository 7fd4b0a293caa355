import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
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
  },
  // Every schema is built with zod's JIT off (see app/lib/zod-jitless.ts): no eval under our CSP.
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./app/lib/zod-jitless.ts', import.meta.url)) },
      // The phone numbering plan (libphonenumber-js's metadata, 28 KB gzipped) is the server's
      // check: the browser's build gets a stand-in that leaves it to the server (issue 32).
      ...(isSsrBuild
        ? []
        : [
            {
              find: /^\.\/phone-plan$/,
              replacement: fileURLToPath(new URL('./app/lib/shared/validation/phone-plan.browser.ts', import.meta.url)),
            },
          ]),
    ],
  },
  server: { port: 3000 },
}));
