// `zod`, with its just-in-time compiler off. Vite resolves every `import … from 'zod'` in the
// app to this module (vite.config.ts), so the setting is made before any schema is built: zod
// decides per schema, when the schema is created, whether to compile a parser with
// `new Function`, and our Content-Security-Policy forbids eval. Without this the browser
// reports a CSP violation on every page with a form (Lighthouse best practices).
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
