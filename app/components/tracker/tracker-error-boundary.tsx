/** The tracker routes' ErrorBoundary: the server-issue page for 5xx, else the shell's pages. */
export { TrackerErrorPage as TrackerErrorBoundary } from './tracker-error-page';
