import { isRouteErrorResponse } from '@remix-run/react';
import { isRecord } from '~/lib/shared/guards';

// What an error stands for, apart from the error pages' markup (which loads only when an error
// shows, decision 048): the root's meta and the checkout layout read it on every page.

/** The status an error stands for: a thrown Response's own, anything else is a bug (500). */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The tracking id of a generic error page: the one the route threw with, else `http-<status>`. */
export function errorTrackingId(error: unknown, status: number): string {
  const thrown = isRouteErrorResponse(error) && isRecord(error.data) ? error.data.trackingId : undefined;
  return typeof thrown === 'string' && /^[A-Za-z0-9_.:-]{1,80}$/.test(thrown) ? thrown : `http-${status}`;
}
