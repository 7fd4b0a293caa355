import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from '@remix-run/react';
import type { ShellData } from '~/lib/shell.server';
import { GenericErrorPage, NotFoundPage, ServerErrorPage } from './error-pages';
import { isRecord } from '~/lib/shared/guards';

/** The status an error stands for: a thrown Response's own, anything else is a bug (500). */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The tracking id of a generic error page: the one the route threw with, else `http-<status>`. */
export function errorTrackingId(error: unknown, status: number): string {
  const thrown = isRouteErrorResponse(error) && isRecord(error.data) ? error.data.trackingId : undefined;
  return typeof thrown === 'string' && /^[A-Za-z0-9_.:-]{1,80}$/.test(thrown) ? thrown : `http-${status}`;
}

/**
 * The error page for whatever a route threw. Routes export it as their ErrorBoundary so the
 * header and footer stay around it; the root uses it too, inside the shell when it can.
 * error.message is never shown: it is for the logs.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<ShellData>('root') ?? null;
  const status = errorStatus(error);
  if (status === 404) return <NotFoundPage data={data} />;
  if (status >= 500) return <ServerErrorPage data={data} />;
  return <GenericErrorPage data={data} trackingId={errorTrackingId(error, status)} />;
}
