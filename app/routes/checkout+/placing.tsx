import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { getCart } from '~/lib/checkout/cart.server';
import { checkoutMessage } from '~/lib/checkout/messages';
import { checkoutMeta } from '~/lib/checkout/meta';
import { Notice } from '~/components/ui/alert-bar';
import { ProgressBar } from '~/components/ui/progress-bar';
import { primaryButton } from '~/components/ui/button';

// The order-creation wait (seed 002 §4 Order, §9: about 90 seconds). Without JavaScript the
// page refreshes itself (<meta http-equiv="refresh"> inside <noscript>) and the server draws the
// progress; with JavaScript it revalidates on a timer and animates the bar. When the order is
// ready the loader redirects to its confirmation.

/** How often the page asks again, in seconds: often near the end, never faster than every 2 s. */
export function refreshSeconds(secondsLeft: number): number {
  return Math.min(5, Math.max(2, Math.ceil(secondsLeft) + 1));
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await getCart(request, loadContext);
  const headers = { 'cache-control': 'no-store' };
  const { cart } = context;
  if (!cart) throw redirect('/account/orders', { headers });
  const { placement } = cart;
  if ((placement.status === 'ORDER_RECEIVED' || placement.status === 'APPLICATION_RECEIVED') && placement.orderNumber) {
    throw redirect(`/checkout/confirmation/${encodeURIComponent(placement.orderNumber)}`, { headers });
  }
  if (placement.status === 'NOT_PLACED') throw redirect('/checkout/overview', { headers });
  if (placement.status === 'FAILED') {
    return data(
      { failed: checkoutMessage('orderSave', context.tenant), totalSeconds: 0, elapsedSeconds: 0, refresh: 0 },
      { headers },
    );
  }
  const now = Date.now();
  const started = placement.startedAt ? Date.parse(placement.startedAt) : now;
  const ready = placement.readyAt ? Date.parse(placement.readyAt) : started + 90_000;
  const totalSeconds = Math.max(1, (ready - started) / 1000);
  const elapsedSeconds = Math.min(totalSeconds, Math.max(0, (now - started) / 1000));
  return data(
    { failed: null, totalSeconds, elapsedSeconds, refresh: refreshSeconds(totalSeconds - elapsedSeconds) },
    { headers },
  );
}

/** Seconds since the page got its data, ticking once a second in the browser. */
function useTicker(active: boolean): number {
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setTicks((value) => value + 1), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return ticks;
}

export default function CheckoutPlacing() {
  const page = useLoaderData<typeof loader>();
  const { revalidate, state } = useRevalidator();
  const creating = !page.failed;
  const ticks = useTicker(creating);
  // Ask again on the same rhythm as the refresh; the loader redirects once the order exists.
  useEffect(() => {
    if (!creating) return;
    const timer = window.setTimeout(() => {
      if (state === 'idle') revalidate();
    }, page.refresh * 1000);
    return () => window.clearTimeout(timer);
  }, [creating, page, revalidate, state]);

  if (page.failed) {
    return (
      <div className="flex flex-col gap-4" data-testid="placing-failed">
        <h1 className="text-2xl font-bold">We couldn't save your order</h1>
        <Notice kind="error">{page.failed}</Notice>
        <p>
          <Link to="/checkout/overview" className={primaryButton}>
            Try again
          </Link>
        </p>
      </div>
    );
  }

  const elapsed = Math.min(page.totalSeconds, page.elapsedSeconds + ticks);
  const percent = Math.round((elapsed / page.totalSeconds) * 100);
  return (
    <div className="flex flex-col gap-4" data-testid="placing">
      <noscript>
        <meta httpEquiv="refresh" content={String(page.refresh)} />
      </noscript>
      <h1 className="text-2xl font-bold">We're creating your order</h1>
      <p>
        This takes about a minute and a half. Please keep this page open: it moves on by itself when your order is
        ready.
      </p>
      <ProgressBar label={`Creating your order: ${percent}%`} value={percent} testId="placing-progress" />
      <p className="text-sm text-gray-700" aria-live="polite">
        {percent >= 100 ? 'Almost there: finishing up your order.' : 'Reserving your vehicle and saving your order.'}
      </p>
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Creating your order');
