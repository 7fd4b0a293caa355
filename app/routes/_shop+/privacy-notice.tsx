import type { MetaFunction } from '@remix-run/node';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { copyPageLoader } from '~/lib/copy-page.server';

// /privacy-notice: a copy page from the tenant's texts (see app/components/info/copy-page.tsx).

export const handle = { pageType: 'privacyNotice', scripts: false };

export const loader = copyPageLoader('privacyNotice');

export default function PrivacyNoticePage() {
  return <CopyPage page="privacyNotice" />;
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'privacyNotice');

export const ErrorBoundary = RouteErrorBoundary;
