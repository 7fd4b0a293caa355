// The Remix Vite plugin does not read this file by itself: vite.config.ts imports
// these options and hands them to the plugin, so they live in one place.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export const remixOptions = {
  ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/*.server.{ts,tsx}', '**/.*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: false,
  },
};
