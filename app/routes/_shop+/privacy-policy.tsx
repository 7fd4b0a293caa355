import type { MetaFunction } from '@remix-run/node';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { PrivacyRequestLink } from '~/components/privacy/privacy-request-link';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { copyPageLoader } from '~/lib/copy-page.server';

// /privacy-policy: a copy page from the tenant's texts (see app/components/info/copy-page.tsx).

export const handle = { pageType: 'privacyPolicy', scripts: false };

export const loader = copyPageLoader('privacyPolicy');

export default function PrivacyPolicyPage() {
  return (
    <CopyPage page="privacyPolicy">
      <PrivacyRequestLink />
    </CopyPage>
  );
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'privacyPolicy');

export const ErrorBoundary = RouteErrorBoundary;
