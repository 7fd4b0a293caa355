// Bundles the Express process (server/) into build/start.js, and its render thread into
// build/render-worker.js (decision 045). Runs after `remix vite:build`, which empties build/.
// Packages stay external: they are installed next to the bundle.
import { build } from 'esbuild';

await build({
  entryPoints: { start: 'server/index.ts', 'render-worker': 'server/http/render-worker.ts' },
  outdir: 'build',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
