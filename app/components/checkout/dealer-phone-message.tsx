import { useRouteLoaderData } from '@remix-run/react';
import type { ShellData } from '~/lib/shell.server';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';

/**
 * A message for the shopper with the dealer's phone (the tenant's, from the root loader) as a
 * tel: link where the message names it; the message as it is otherwise. The Overview's submit
 * failure and the receipt's error page share it.
 */
export function DealerPhoneMessage({ message }: { message: string }) {
  const tenant = useRouteLoaderData<ShellData>('root')?.tenant;
  if (!tenant) return <>{message}</>;
  const phone = formatPhone(tenant.dealerPhone.number);
  const at = message.indexOf(phone);
  if (at === -1) return <>{message}</>;
  return (
    <>
      {message.slice(0, at)}
      <a href={phoneHref(tenant)} className="font-semibold underline">
        {phone}
      </a>
      {message.slice(at + phone.length)}
    </>
  );
}
