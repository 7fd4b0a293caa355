import type { MetaFunction } from '@remix-run/node';
import { AccountPlaceholder } from '~/components/auth/account-placeholder';

// A place in the account area that a later issue fills; the account layout already
// requires a signed-in shopper.

export const meta: MetaFunction = () => [{ title: 'Orders' }];

export default function AccountOrders() {
  return <AccountPlaceholder title="Orders">Your orders will show here: each purchase, its status and the steps left before delivery.</AccountPlaceholder>;
}
