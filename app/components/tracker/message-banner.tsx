import { useEffect, useState } from 'react';
import {
  BANNER_TEXTS,
  formatTimer,
  isTimerRed,
  isTimerStopped,
  parseTimerSeconds,
  tickTimer,
  timerStorageKey,
  type Banner,
} from '~/lib/tracker/banner';

function readStored(key: string): number {
  try {
    return parseTimerSeconds(window.localStorage.getItem(key));
  } catch {
    // Storage can be switched off (private modes): the timer then starts at 0 on each page.
    return 0;
  }
}

function store(key: string, seconds: number): void {
  try {
    window.localStorage.setItem(key, String(seconds));
  } catch {
    // See readStored.
  }
}

/**
 * Counts seconds for this order in localStorage, stops at 36000 s, red from 32400 s (seed 000
 * §4.4). Runs in the browser only: the server and a page without JavaScript show no timer.
 */
function BannerTimer({ orderNumber }: { orderNumber: string }) {
  const [seconds, setSeconds] = useState<number | null>(null);

  useEffect(() => {
    const key = timerStorageKey(orderNumber);
    let current = readStored(key);
    setSeconds(current);
    if (isTimerStopped(current)) return;
    const interval = window.setInterval(() => {
      current = tickTimer(current);
      store(key, current);
      setSeconds(current);
      if (isTimerStopped(current)) window.clearInterval(interval);
    }, 1_000);
    return () => window.clearInterval(interval);
  }, [orderNumber]);

  if (seconds === null) return null;
  const red = isTimerRed(seconds);
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="banner-timer" data-red={red ? 'true' : 'false'}>
      <span>{BANNER_TEXTS.timerLabel}:</span>
      <time
        dateTime={`PT${seconds}S`}
        className={`rounded px-2 py-0.5 font-mono font-bold tabular-nums ${red ? 'bg-red-700 text-white' : 'bg-black/10'}`}
      >
        {formatTimer(seconds)}
      </time>
    </p>
  );
}

/** The banner above the tracker: a plain message, or a message with the timer. */
export function MessageBanner({ banner, orderNumber }: { banner: Banner; orderNumber: string }) {
  return (
    <aside
      aria-label="Order reminder"
      className="mb-6 flex flex-col gap-2 rounded-tenant border border-accent bg-accent/15 px-4 py-3 tablet:flex-row tablet:items-center tablet:justify-between"
      data-testid="message-banner"
      data-variant={banner.variant}
    >
      <p>{BANNER_TEXTS.message}</p>
      {banner.variant === 'message-with-timer' ? <BannerTimer orderNumber={orderNumber} /> : null}
    </aside>
  );
}
