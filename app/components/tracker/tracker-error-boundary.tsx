import { deferred } from '~/components/ui/deferred';

/**
 * The tracker routes' ErrorBoundary: the server-issue page for 5xx, else the shell's pages
 * (./tracker-error-page.tsx). Its code loads only when an error shows, as the shell's error
 * page does (decision 048); the server renders it whole.
 */
export const TrackerErrorBoundary = deferred(() =>
  import('./tracker-error-page').then((module) => module.TrackerErrorPage),
);
