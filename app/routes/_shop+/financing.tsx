import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { copyPageLoader } from '~/lib/copy-page.server';
import { PREQUAL_PATH, PREQUAL_TEXTS } from '~/lib/prequal';
import { primaryButton } from '~/components/ui/button';

// /financing: a copy page from the tenant's texts (see app/components/info/copy-page.tsx), led by
// the way into the pre-qualification (issue 14).

export const handle = { pageType: 'financing' };

export const loader = copyPageLoader('financing');

export default function FinancingPage() {
  return (
    <CopyPage page="financing">
      <section
        aria-labelledby="prequal-cta-heading"
        className="mt-6 rounded-tenant border border-gray-300 p-4"
        data-testid="prequal-cta"
      >
        <h2 id="prequal-cta-heading" className="text-xl font-bold">
          See your own payments
        </h2>
        <p className="mt-2">
          Pre-qualify in a few minutes and every vehicle shows your monthly payment, APR and term.{' '}
          {PREQUAL_TEXTS.noScoreImpact}
        </p>
        <Link to={PREQUAL_PATH} className={`${primaryButton} mt-3`}>
          Get pre-qualified
        </Link>
      </section>
    </CopyPage>
  );
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'financing');

export const ErrorBoundary = RouteErrorBoundary;
