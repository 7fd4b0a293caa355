import { useEffect, useState } from 'react';
import { formatUsd } from '~/lib/shared/money';

// The vehicle page's buy bar on phones: the price, the estimated payment and "Start purchase",
// fixed to the bottom of the screen whenever the purchase form's own button is not in sight
// (on a 390 px phone the purchase-type choices push it just below the first screen; scrolled
// down to the specifications it is far away). It is a link to the purchase box, where the
// purchase type is picked, not a second form. Without JavaScript it is always there on phones
// (the page leaves room for it). Laptops and wider never show it: the buy box is sticky there.

export const BUY_BAR_TEXTS = {
  label: 'Buy this vehicle',
  startPurchase: 'Start purchase',
  perMonth: '/mo',
  estimated: 'Est.',
} as const;

type BuyBarProps = {
  priceCents: number;
  /** The buy box's monthly figure, or null (cash, or no payment to show). */
  monthly: { cents: number; estimated: boolean } | null;
  /** The id of the purchase box this bar stands in for. */
  targetId: string;
  /** Inside that box, the button the bar gives way to while it is fully in sight. */
  buttonSelector: string;
};

export function BuyBar({ priceCents, monthly, targetId, buttonSelector }: BuyBarProps) {
  const [targetInView, setTargetInView] = useState<boolean | null>(null);

  useEffect(() => {
    const target = document.getElementById(targetId)?.querySelector(buttonSelector);
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) setTargetInView(entry.intersectionRatio >= 0.99);
      },
      // The bottom 96 px are where the bar sits: a button under it is not in sight.
      { threshold: [0, 1], rootMargin: '0px 0px -96px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId, buttonSelector]);

  // Until the observer has answered (and without JavaScript) the bar shows.
  const hidden = targetInView === true;
  return (
    <section
      aria-label={BUY_BAR_TEXTS.label}
      hidden={hidden}
      data-testid="buy-bar"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-black/15 bg-surface px-4 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.12)] laptop:hidden"
    >
      <div className="mx-auto flex max-w-[1440px] items-center justify-between gap-3">
        <p className="min-w-0 leading-tight">
          <span className="block text-lg font-bold">{formatUsd(priceCents)}</span>
          {monthly ? (
            <span className="block text-sm">
              {monthly.estimated ? `${BUY_BAR_TEXTS.estimated} ` : null}
              <span className="font-semibold">{formatUsd(monthly.cents)}</span>
              {BUY_BAR_TEXTS.perMonth}
            </span>
          ) : null}
        </p>
        <a
          href={`#${targetId}`}
          className="shrink-0 rounded-tenant bg-accent px-5 py-3 text-center font-bold text-accent-contrast"
        >
          {BUY_BAR_TEXTS.startPurchase}
        </a>
      </div>
    </section>
  );
}
