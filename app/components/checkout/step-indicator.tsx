import { Link } from '@remix-run/react';
import type { StepIndicatorItem } from '~/lib/checkout/steps';

/**
 * The checkout's steps (seed 002 §2) with the current one marked. Completed and reachable steps
 * are links; cash carts have no Credit Application (the items come from stepIndicatorItems).
 */
export function StepIndicator({ items }: { items: readonly StepIndicatorItem[] }) {
  return (
    <nav aria-label="Checkout steps" data-testid="checkout-steps">
      <ol className="flex flex-wrap gap-x-2 gap-y-2 text-sm">
        {items.map((item, index) => {
          const number = index + 1;
          const badge =
            item.state === 'complete'
              ? 'bg-green-800 text-white'
              : item.state === 'current'
                ? 'bg-primary text-primary-contrast'
                : 'border border-gray-500 text-gray-700';
          const content = (
            <>
              <span
                aria-hidden="true"
                className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${badge}`}
              >
                {item.state === 'complete' ? '✓' : number}
              </span>
              <span className={item.state === 'current' ? 'font-bold' : undefined}>{item.label}</span>
              {item.state === 'complete' ? <span className="sr-only"> (completed)</span> : null}
            </>
          );
          return (
            <li key={item.step} className="flex items-center gap-2" data-step={item.step} data-state={item.state}>
              {item.href ? (
                <Link to={item.href} className="flex items-center gap-2 underline-offset-2 hover:underline">
                  {content}
                </Link>
              ) : (
                <span className="flex items-center gap-2" aria-current={item.state === 'current' ? 'step' : undefined}>
                  {content}
                </span>
              )}
              {index < items.length - 1 ? (
                <span aria-hidden="true" className="text-gray-500">
                  ›
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
