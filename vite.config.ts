import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { remixOptions } from './remix.config.js';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [tailwindcss(), remix(remixOptions), tsconfigPaths()],
  build: { target: 'es2022' },
  // Every schema is built with zod's JIT off (see app/lib/zod-jitless.ts): no eval under our CSP.
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./app/lib/zod-jitless.ts', import.meta.url)) }],
  },
  server: { port: 3000 },
});
