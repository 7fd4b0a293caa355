import type { MetaFunction } from '@remix-run/node';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { copyPageLoader } from '~/lib/copy-page.server';

// /cookie-policy: a copy page from the tenant's texts (see app/components/info/copy-page.tsx).

export const handle = { pageType: 'cookiePolicy', scripts: false };

export const loader = copyPageLoader('cookiePolicy');

export default function CookiePolicyPage() {
  return <CopyPage page="cookiePolicy" />;
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'cookiePolicy');

export const ErrorBoundary = RouteErrorBoundary;
