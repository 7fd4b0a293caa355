import type { MetaFunction } from '@remix-run/node';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { copyPageLoader } from '~/lib/copy-page.server';

// /terms-of-use: a copy page from the tenant's texts (see app/components/info/copy-page.tsx).

export const handle = { pageType: 'termsOfUse', scripts: false };

export const loader = copyPageLoader('termsOfUse');

export default function TermsOfUsePage() {
  return <CopyPage page="termsOfUse" />;
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'termsOfUse');

export const ErrorBoundary = RouteErrorBoundary;
