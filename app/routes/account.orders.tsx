import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Notice, textLink } from '~/components/tracker/step-ui';
import { ordersLoader } from './account.orders.server';
import { titledMeta } from '~/lib/meta';

// The shopper's placed orders (seed 001 §4), oldest first, each with its tracker and receipt.
// The account layout already requires a signed-in shopper.

const STATUS_LABELS: Record<string, string> = {
  SUBMITTED_TO_UNIFI: 'Submitted',
  SUBMITTED: 'Submitted',
  PII_UPDATE_SUCCESSFUL: 'In progress',
  ID_VERIFICATION_COMPLETED: 'ID verified',
  DOCS_UPLOADED: 'Documents uploaded',
  CONTRACT_PENDING: 'Contract pending',
  SOLD_BY_DRI: 'Sold',
  SOLD: 'Sold',
  DELIVERED: 'Delivered',
  DELIVERED_NO_RETURN: 'Delivered',
  OFFRAMP: 'Updates in progress',
};

export function loader({ request }: LoaderFunctionArgs) {
  return ordersLoader(request);
}

export default function AccountOrders() {
  const { orders, error } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="account-section-title">
      <h2 id="account-section-title" className="mb-4 text-xl font-semibold">
        Orders
      </h2>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {!error && orders.length === 0 ? (
        <p>
          You have no orders yet.{' '}
          <Link to="/search" className={textLink}>
            Shop vehicles
          </Link>
        </p>
      ) : null}
      {orders.length > 0 ? (
        <ul className="flex flex-col gap-4" data-testid="order-list">
          {orders.map((order) => {
            const number = encodeURIComponent(order.orderNumber);
            const { vehicle } = order;
            return (
              <li key={order.orderNumber} className="rounded-tenant border border-black/15 p-4" data-testid="order-item" data-order-number={order.orderNumber}>
                <h3 className="font-semibold">
                  {vehicle.year} {vehicle.make} {vehicle.model} {vehicle.trim}
                </h3>
                <p className="text-sm text-gray-700">
                  Order {order.orderNumber} · {order.deal.type} · placed{' '}
                  <time dateTime={order.createdAt}>
                    {new Date(order.createdAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}
                  </time>
                </p>
                <p className="text-sm">Status: {STATUS_LABELS[order.orderStatus] ?? order.orderStatus}</p>
                <p className="mt-2 flex flex-wrap gap-4">
                  <Link to={`/progress/${number}`} className={textLink}>
                    Track order {order.orderNumber}
                  </Link>
                  <Link to={`/checkout/receipt/${number}`} className={textLink}>
                    Receipt for order {order.orderNumber}
                  </Link>
                </p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Orders');
