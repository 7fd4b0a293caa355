import type { MetaFunction } from '@remix-run/node';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { copyPageLoader } from '~/lib/copy-page.server';

// /why-us: a copy page from the tenant's texts (see app/components/info/copy-page.tsx).

export const handle = { pageType: 'whyUs', scripts: false };

export const loader = copyPageLoader('whyUs');

export default function WhyUsPage() {
  return <CopyPage page="whyUs" />;
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'whyUs');

export const ErrorBoundary = RouteErrorBoundary;
