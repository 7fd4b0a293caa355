import type { MetaFunction } from '@remix-run/node';
import { Outlet, useRouteLoaderData } from '@remix-run/react';
import { deferred } from '~/components/ui/deferred';
import { checkoutMeta } from '~/lib/checkout/meta';
import type { ShellData } from '~/lib/shell.server';

// The credit application (seed 002 §2): Personal, Spouse details (community-property states
// only), Employment, Housing, SSN (only when the credit record lacks it), Review, Terms. Each
// step's page reads the cart itself, so this frame holds only the heading they share.

/**
 * The prompt to refresh an expired pre-qualification (issue 14 point 4): rendered by the server,
 * its code (the refresh form, the prompt's words) loads only on a page that shows it (decision 060).
 */
const ExpiredPrequalPrompt = deferred(() =>
  import('~/components/prequal/expired-prequal-prompt').then((module) => module.ExpiredPrequalPrompt),
);

export default function CreditApplication() {
  const reminder = useRouteLoaderData<ShellData>('root')?.prequalReminder;
  return (
    <section aria-labelledby="credit-application-heading" className="flex flex-col gap-4">
      <h1 id="credit-application-heading" className="text-2xl font-bold">
        Credit application
      </h1>
      {reminder?.kind === 'expired' ? <ExpiredPrequalPrompt reminder={reminder} /> : null}
      <Outlet />
    </section>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Credit Application');
