import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/**
 * A payment method's tab: a link to the same page with `?method=…` (so it works without
 * JavaScript) that replaces the history entry and keeps the scroll. The checkout's Overview and
 * the tracker's payment step use it.
 */
export function MethodTab({
  to,
  current,
  testId,
  children,
}: {
  to: string;
  current: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-current={current ? 'page' : undefined}
      className={`rounded-tenant border px-4 py-2 font-semibold ${current ? 'border-primary bg-primary text-primary-contrast' : 'border-black/30 hover:bg-black/5'}`}
      data-testid={testId}
    >
      {children}
    </Link>
  );
}
