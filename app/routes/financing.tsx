import type { MetaFunction } from '@remix-run/node';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';

// /financing: a copy page from the tenant's texts (see app/components/info/copy-page.tsx).

export const handle = { pageType: 'financing' };

export default function FinancingPage() {
  return <CopyPage page="financing" />;
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'financing');

export const ErrorBoundary = RouteErrorBoundary;
