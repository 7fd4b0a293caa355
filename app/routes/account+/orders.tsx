import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { titledMeta } from '~/lib/meta';
import { ordersLoader } from './orders.server';
import { Notice } from '~/components/ui/alert-bar';
import { textLink } from '~/components/ui/button';

/** A page without script: every action on it is a link or a form post (decision 073). */
export const handle = { scripts: false };

// The shopper's orders (seed 001 §4), oldest first, each with its state in seed 002 §4's words,
// its tracker (placed orders) and its receipt. A cancelled order stays, with its state.
// The account layout already requires a signed-in shopper. The loader words each order (its
// state, date and amounts), so the page loads no contract, date or money code (decision 055).

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
              <li
                key={order.orderNumber}
                className="rounded-tenant border border-black/15 p-4"
                data-testid="order-item"
                data-order-number={order.orderNumber}
              >
                <h3 className="font-semibold">
                  {vehicle.year} {vehicle.make} {vehicle.model} {vehicle.trim}
                </h3>
                <p className="text-sm text-gray-700">
                  Order {order.orderNumber} · {order.dealType} · placed{' '}
                  <time dateTime={order.createdAt}>{order.placedOn}</time>
                </p>
                <p className="text-sm" data-testid="order-state">
                  Status: {order.state}
                </p>
                {order.tradeIn ? <OrderTradeIn tradeIn={order.tradeIn} /> : null}
                <p className="mt-2 flex flex-wrap gap-4">
                  {order.placed ? (
                    <Link to={`/progress/${number}`} className={textLink}>
                      Track order {order.orderNumber}
                    </Link>
                  ) : null}
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

type ListedTradeIn = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['orders'][number]['tradeIn']>;

/** The trade-in applied to the order (issue 13): the car, its offer, the loan payoff and the equity. */
function OrderTradeIn({ tradeIn }: { tradeIn: ListedTradeIn }) {
  return (
    <p className="text-sm" data-testid="order-trade-in">
      Trade-in: {tradeIn.year} {tradeIn.make} {tradeIn.model} · offer {tradeIn.offer} · loan payoff {tradeIn.payoff} ·
      equity <span data-testid="order-trade-in-equity">{tradeIn.equity}</span>
    </p>
  );
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Orders');
