import type { MetaFunction } from '@remix-run/node';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { copyPageLoader } from '~/lib/copy-page.server';

// /warranty: a copy page from the tenant's texts (see app/components/info/copy-page.tsx).

export const handle = { pageType: 'warranty', scripts: false };

export const loader = copyPageLoader('warranty');

export default function WarrantyPage() {
  return <CopyPage page="warranty" />;
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'warranty');

export const ErrorBoundary = RouteErrorBoundary;
