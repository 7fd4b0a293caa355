import { useLocation } from '@remix-run/react';

/** The page's path and query: where a form posted without JavaScript comes back to. */
export function useCurrentPath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}
