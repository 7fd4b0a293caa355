import type { MetaFunction } from '@remix-run/node';
import { AccountPlaceholder } from '~/components/auth/account-placeholder';
import { titledMeta } from '~/lib/meta';

// A place in the account area that a later issue fills; the account layout already
// requires a signed-in shopper.

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Trade-ins');

export default function AccountTradeIns() {
  return <AccountPlaceholder title="Trade-ins">Trade-in offers you save will show here, with their value and expiry date.</AccountPlaceholder>;
}
