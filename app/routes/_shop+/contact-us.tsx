import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { copyPageData } from '~/lib/copy-page.server';
import { LEAD_VIN } from '~/lib/contract/leads';
import { LEAD_TEXTS } from '~/lib/leads';
import { leadAction } from '~/lib/leads.server';
import { useRootData } from '~/root';
import { LeadForm } from '~/components/leads/lead-form';

// /contact-us: a copy page from the tenant's texts (see app/components/info/copy-page.tsx) and
// the contact-the-dealer form (issue 15 point 1). Its action takes every lead form's posts:
// the vehicle page's and the payment tooltip's too (?source=…&vin=… opens it for that vehicle).

export const handle = { pageType: 'contactUs' };

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const vin = (url.searchParams.get('vin') ?? '').toUpperCase();
  const source = url.searchParams.get('source');
  const known = LEAD_VIN.test(vin);
  return {
    ...copyPageData(request, 'contactUs'),
    vin: known ? vin : null,
    source: known && (source === 'vehicle' || source === 'paymentTooltip') ? source : 'contactUs',
  } as const;
}

export const action = ({ request, context }: ActionFunctionArgs) => leadAction(request, context);

export default function ContactUsPage() {
  const query = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() ?? null;
  const root = useRootData();
  // Without JavaScript another page's form lands here: show it for the vehicle it was about.
  const source = result?.source ?? query.source;
  const vin = result ? result.vin : query.vin;
  return (
    <CopyPage page="contactUs">
      {root ? (
        <div className="mt-10 max-w-2xl" id="contact-form">
          <LeadForm
            tenant={root.tenant}
            source={source}
            vin={vin}
            pageResult={result}
            heading={
              source === 'paymentTooltip'
                ? LEAD_TEXTS.paymentHeading
                : source === 'vehicle'
                  ? LEAD_TEXTS.vehicleHeading
                  : LEAD_TEXTS.heading
            }
          />
        </div>
      ) : null}
    </CopyPage>
  );
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'contactUs');

export const ErrorBoundary = RouteErrorBoundary;
