import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { accountAction, accountLoader } from './_index.server';
import { titledMeta } from '~/lib/meta';
import { PrivacyRequestLink } from '~/components/privacy/privacy-request-link';
import { island } from '~/components/ui/island';

// The profile (seed 002 §5 and §6): name, phone and marketing consents; the e-mail change,
// which must differ from the current e-mail and match its confirmation, and waits for the
// code sent to the new address.

export const loader = (args: LoaderFunctionArgs) => accountLoader(args.request, args.context);

export const action = (args: ActionFunctionArgs) => accountAction(args.request, args.context);

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Your profile');

// The forms hydrate on the shopper's first interaction with one of them (decision 049): until
// then they are the server's forms, posting as without JavaScript.
const AccountFormsIsland = island(
  () => import('~/components/account/account-forms').then((module) => module.AccountForms),
  { hydrateOn: '#profile, #email-change, #email-change-confirm' },
);

export default function AccountProfile() {
  return (
    <>
      <AccountFormsIsland />
      <PrivacyRequestLink className="mt-8 text-sm" />
    </>
  );
}
