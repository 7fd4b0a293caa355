import type { HandleErrorFunction } from '@remix-run/node';
import { isRouteErrorResponse } from '@remix-run/react';
import { logger } from './shared/logger.server';

/** Logs server errors once, without request bodies; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error({ err: error, path: new URL(request.url).pathname }, 'unhandled error while rendering');
};
