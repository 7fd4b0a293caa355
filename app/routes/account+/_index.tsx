import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { accountAction, accountLoader } from './_index.server';
import { titledMeta } from '~/lib/meta';
import { AccountForms } from '~/components/account/account-forms';
import { PrivacyRequestLink } from '~/components/privacy/privacy-request-link';

// The profile (seed 002 §5 and §6): name, phone and marketing consents; the e-mail change,
// which must differ from the current e-mail and match its confirmation, and waits for the
// code sent to the new address.

export const loader = (args: LoaderFunctionArgs) => accountLoader(args.request, args.context);

export const action = (args: ActionFunctionArgs) => accountAction(args.request, args.context);

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Your profile');

export default function AccountProfile() {
  return (
    <>
      <AccountForms />
      <PrivacyRequestLink className="mt-8 text-sm" />
    </>
  );
}
