import type { MetaFunction } from '@remix-run/node';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';

// /contact-us: a copy page from the tenant's texts (see app/components/info/copy-page.tsx).

export const handle = { pageType: 'contactUs' };

export default function ContactUsPage() {
  return <CopyPage page="contactUs" />;
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'contactUs');

export const ErrorBoundary = RouteErrorBoundary;
