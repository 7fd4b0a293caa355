import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handlePixelRequest } from '~/lib/analytics/pixel.server';

// The tracking pixel (seed 001 §7): GET from an <img> (works without JavaScript), POST from
// navigator.sendBeacon. Always a 1×1 GIF, never an error page.

export function loader({ request, context }: LoaderFunctionArgs) {
  return handlePixelRequest(request, { context });
}

export function action({ request, context }: ActionFunctionArgs) {
  return handlePixelRequest(request, { context });
}
