import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { DeskFrame } from '~/components/desk/desk-frame';
import { secondaryButton } from '~/components/ui/button';
import { inputClass, labelClass } from '~/components/ui/field';
import { endpoints } from '~/lib/contract/endpoints';
import { deskMeta } from '~/lib/desk/meta';
import { deskCall, requireStaffPage } from '~/lib/desk/session.server';

// Orders (issue 33 point 2): the tenant's placed orders, searched by order number, shopper,
// VIN or status; a plain GET form.

export async function loader({ request }: LoaderFunctionArgs) {
  const { context, staff } = await requireStaffPage(request);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  const orders = await deskCall(context, endpoints.desk.orders, { query: q ? { q } : {} });
  return data({ staff, q, orders: orders.data }, { headers: { 'cache-control': 'no-store' } });
}

export const meta: MetaFunction = ({ matches }) => deskMeta(matches, 'Orders');

export default function DeskOrders() {
  const { staff, q, orders } = useLoaderData<typeof loader>();
  return (
    <DeskFrame staff={staff} title="Orders">
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
        <div className="grow">
          <label htmlFor="desk-order-search" className={labelClass}>
            Order number, shopper, e-mail, VIN or status
          </label>
          <input id="desk-order-search" name="q" type="search" defaultValue={q} className={inputClass} />
        </div>
        <button type="submit" className={secondaryButton}>
          Search
        </button>
      </Form>
      {orders.length === 0 ? (
        <p>No order matches.</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-tenant border border-gray-300" aria-label="Orders">
          {orders.map((order) => (
            <li key={order.orderNumber} className="p-3">
              <Link
                to={`/desk/orders/${encodeURIComponent(order.orderNumber)}`}
                className="font-semibold text-primary underline"
              >
                {order.orderNumber}
              </Link>{' '}
              · {order.dealType} · {order.orderStatus}
              {order.dealStatus ? ` / ${order.dealStatus}` : ''}
              <p className="text-sm">
                {order.shopper} ({order.shopperEmail}) · {order.vehicle} · VIN {order.vin}
              </p>
            </li>
          ))}
        </ul>
      )}
    </DeskFrame>
  );
}
