import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { HOLD_TEXTS, formatCountdown, minutesLeft, secondsLeftNow } from '~/lib/checkout/hold';
import type { Cart } from '~/lib/contract/checkout';
import { useHydrated } from '../hydrated';
import { REDIRECT_FIELD, submitThroughFetcher } from '../vehicles/no-js-form';
import { linkButton, primaryButton } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';

// The hold timer (seed 002 §2). Without JavaScript the server prints the minutes left and,
// once the hold has lapsed, a "Keep holding" form; show/hide are plain forms. With JavaScript
// the time counts down every second, the forms go through a fetcher, and a dialog offers more
// time when it reaches zero. Either way the choice to show or hide is saved on the cart.

export const HOLD_ACTION = '/checkout/hold';

export type HoldActionData = { ok: true } | { ok: false; message: string };

type HoldTimerProps = {
  hold: NonNullable<Cart['hold']>;
  /** Where the no-JavaScript forms come back to. */
  redirectTo: string;
};

function useCountdown(secondsLeft: number, expiresAt: string | null): number {
  const hydrated = useHydrated();
  const [now, setNow] = useState(secondsLeft);
  useEffect(() => {
    if (!hydrated) return;
    const loadedAt = Date.now();
    setNow(secondsLeft);
    if (secondsLeft <= 0) return;
    const timer = window.setInterval(() => {
      const left = secondsLeftNow(secondsLeft, Date.now() - loadedAt);
      setNow(left);
      if (left <= 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [hydrated, secondsLeft, expiresAt]);
  return now;
}

function HoldForm({
  intent,
  redirectTo,
  label,
  className,
}: {
  intent: string;
  redirectTo: string;
  label: string;
  className: string;
}) {
  const fetcher = useFetcher<HoldActionData>();
  const busy = fetcher.state !== 'idle';
  // A plain form (posted with redirectTo, the server sends the shopper back); with JavaScript it
  // goes through the fetcher without redirectTo and gets JSON, and the page's loaders revalidate.
  return (
    <form
      method="post"
      action={HOLD_ACTION}
      className="inline"
      onSubmit={(event) => submitThroughFetcher(fetcher, event)}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
      <button type="submit" className={className} disabled={busy} aria-busy={busy || undefined}>
        {label}
      </button>
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {fetcher.data.message}
        </p>
      ) : null}
    </form>
  );
}

export function HoldTimer({ hold, redirectTo }: HoldTimerProps) {
  const hydrated = useHydrated();
  const left = useCountdown(hold.secondsLeft, hold.expiresAt);
  const lapsed = left <= 0;
  const [dismissed, setDismissed] = useState(false);
  // A new hold (after "Keep holding") opens the dialog again when that one runs out.
  useEffect(() => setDismissed(false), [hold.expiresAt]);
  const minutes = minutesLeft(left);

  return (
    <section
      aria-labelledby="hold-heading"
      className="rounded-tenant border border-black/15 p-3 text-sm"
      data-testid="hold-timer"
    >
      <h2 id="hold-heading" className="font-bold">
        {HOLD_TEXTS.heading}
      </h2>
      {lapsed ? (
        <div className="mt-1" data-testid="hold-lapsed">
          <p>{HOLD_TEXTS.lapsed}</p>
          <div className="mt-2">
            <HoldForm
              intent="extend"
              redirectTo={redirectTo}
              label={HOLD_TEXTS.keepHolding}
              className={primaryButton}
            />
          </div>
        </div>
      ) : hold.timerVisible ? (
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <p data-testid="hold-time-left">
            {/* The visible clock ticks each second; the live region only speaks whole minutes. */}
            {hydrated ? (
              <>
                <span aria-hidden="true">{HOLD_TEXTS.left(formatCountdown(left))}</span>
                <span className="sr-only" aria-live="polite">
                  {HOLD_TEXTS.left(HOLD_TEXTS.minutesLeft(minutes))}
                </span>
              </>
            ) : (
              HOLD_TEXTS.left(HOLD_TEXTS.minutesLeft(minutes))
            )}
          </p>
          <HoldForm intent="hide-timer" redirectTo={redirectTo} label={HOLD_TEXTS.hideTimer} className={linkButton} />
        </div>
      ) : (
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <p>{HOLD_TEXTS.running}</p>
          <HoldForm intent="show-timer" redirectTo={redirectTo} label={HOLD_TEXTS.showTimer} className={linkButton} />
        </div>
      )}
      {hydrated && lapsed && !dismissed ? (
        <Dialog
          open
          onClose={() => setDismissed(true)}
          title={HOLD_TEXTS.heading}
          description={HOLD_TEXTS.lapsed}
          testId="hold-dialog"
        >
          <div className="flex flex-wrap gap-3">
            <HoldForm
              intent="extend"
              redirectTo={redirectTo}
              label={HOLD_TEXTS.keepHolding}
              className={primaryButton}
            />
            <button type="button" className={linkButton} onClick={() => setDismissed(true)}>
              Not now
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
