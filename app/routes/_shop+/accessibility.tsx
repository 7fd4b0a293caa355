import type { MetaFunction } from '@remix-run/node';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { copyPageLoader } from '~/lib/copy-page.server';

// /accessibility: a copy page from the tenant's texts (see app/components/info/copy-page.tsx).

export const handle = { pageType: 'accessibility', scripts: false };

export const loader = copyPageLoader('accessibility');

export default function AccessibilityPage() {
  return <CopyPage page="accessibility" />;
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'accessibility');

export const ErrorBoundary = RouteErrorBoundary;
