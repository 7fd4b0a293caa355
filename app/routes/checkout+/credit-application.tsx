import type { MetaFunction } from '@remix-run/node';
import { Outlet, useRouteLoaderData } from '@remix-run/react';
import { checkoutMeta } from '~/lib/checkout/meta';
import type { ShellData } from '~/lib/shell.server';
import { ExpiredPrequalPrompt } from '~/components/prequal/expired-prequal-prompt';

// The credit application (seed 002 §2): Personal, Spouse details (community-property states
// only), Employment, Housing, SSN (only when the credit record lacks it), Review, Terms. Each
// step's page reads the cart itself, so this frame holds only the heading they share.

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
