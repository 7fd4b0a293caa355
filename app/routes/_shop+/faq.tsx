import type { MetaFunction } from '@remix-run/node';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { copyPageLoader } from '~/lib/copy-page.server';

// /faq: a copy page from the tenant's texts (see app/components/info/copy-page.tsx).

export const handle = { pageType: 'faq', scripts: false };

export const loader = copyPageLoader('faq');

export default function FaqPage() {
  return <CopyPage page="faq" />;
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'faq');

export const ErrorBoundary = RouteErrorBoundary;
