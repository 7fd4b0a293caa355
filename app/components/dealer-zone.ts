import { useRouteLoaderData } from '@remix-run/react';
import type { ShellData } from '~/lib/shell.server';

/**
 * The dealer's IANA zone, from the root loader's tenant: components format their dates with
 * it through app/lib/shared/dealer-time, so the server's render and the browser's agree.
 * Outside the shell (a root error page) the seed's zone, Eastern.
 */
export function useDealerZone(): string {
  return useRouteLoaderData<ShellData>('root')?.tenant.timeZone ?? 'America/New_York';
}
