import type { MetaFunction } from '@remix-run/node';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';

// /trade-in: a copy page from the tenant's texts (see app/components/info/copy-page.tsx).

export const handle = { pageType: 'tradeIn' };

export default function TradeInPage() {
  return <CopyPage page="tradeIn" />;
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'tradeIn');

export const ErrorBoundary = RouteErrorBoundary;
