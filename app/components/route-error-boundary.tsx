import { deferred } from './ui/deferred';

export { errorStatus, errorTrackingId } from './error-status';

/**
 * The error page for whatever a route threw. Routes export it as their ErrorBoundary so the
 * header and footer stay around it; the root uses it too, inside the shell when it can.
 * Its markup (the pages, their illustrations) loads only when an error shows (decision 048):
 * the server renders it whole, so the page is complete without JavaScript.
 */
export const RouteErrorBoundary = deferred(() => import('./route-error-page').then((module) => module.RouteErrorPage));
