import { useRouteError, useRouteLoaderData } from '@remix-run/react';
import type { ShellData } from '~/lib/shell.server';
import { GenericErrorPage, NotFoundPage, ServerErrorPage } from './error-pages';
import { errorStatus, errorTrackingId } from './error-status';

/**
 * The error page for whatever a route threw (loaded by ./route-error-boundary.tsx when an error
 * shows). error.message is never shown: it is for the logs.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const data = useRouteLoaderData<ShellData>('root') ?? null;
  const status = errorStatus(error);
  if (status === 404) return <NotFoundPage data={data} />;
  if (status >= 500) return <ServerErrorPage data={data} />;
  return <GenericErrorPage data={data} status={status} trackingId={errorTrackingId(error, status)} />;
}
