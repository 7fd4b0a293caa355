export { errorStatus, errorTrackingId } from './error-status';

/**
 * The error page for whatever a route threw. Routes export it as their ErrorBoundary so the
 * header and footer stay around it; the root uses it too, inside the shell when it can.
 */
export { RouteErrorPage as RouteErrorBoundary } from './route-error-page';
