import { flatRoutes } from 'remix-flat-routes';

// The Remix Vite plugin does not read this file by itself: vite.config.ts imports
// these options and hands them to the plugin, so they live in one place.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export const remixOptions = {
  // Routes are read by remix-flat-routes (hybrid routes): flat files, and a folder per area
  // (`_shop+/`, `checkout+/`...) whose name is the files' shared prefix. Remix's own convention
  // is turned off so it does not read the same files twice. Tests and `.server` modules sit
  // beside their route and are not routes.
  ignoredRouteFiles: ['**/*'],
  routes: (defineRoutes) =>
    flatRoutes('routes', defineRoutes, {
      ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/*.server.{ts,tsx}', '**/.*'],
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: false,
  },
};
