import type { MetaFunction } from '@remix-run/node';
import { AccountPlaceholder } from '~/components/auth/account-placeholder';
import { titledMeta } from '~/lib/meta';

// A place in the account area that a later issue fills; the account layout already
// requires a signed-in shopper.

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Documents');

export default function AccountDocuments() {
  return <AccountPlaceholder title="Documents">Documents you upload or sign for your orders will show here.</AccountPlaceholder>;
}
