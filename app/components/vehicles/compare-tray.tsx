import { Link, useFetcher } from '@remix-run/react';
import { COMPARE_LIMIT, COMPARE_PATH } from '~/lib/compare';
import { RESOURCE_PATHS } from '~/lib/search/actions';
import { REDIRECT_FIELD, submitThroughFetcher } from './no-js-form';
import { useCurrentPath } from './use-current-path';

// The bar that follows the shopper once a vehicle is in the comparison: how many of the limit,
// the way to the side-by-side page, and a way to start over.

export function compareCountText(count: number): string {
  return `${count} of ${COMPARE_LIMIT} vehicles selected`;
}

export function CompareTray({ vins }: { vins: readonly string[] }) {
  const redirectTo = useCurrentPath();
  const fetcher = useFetcher({ key: 'compare:clear' });
  const clearing = fetcher.formData?.get('intent') === 'clear';
  if (vins.length === 0 || clearing) return null;
  return (
    <aside
      aria-label="Compare"
      className="sticky bottom-0 z-20 mt-6 border-t border-black/15 bg-surface shadow-[0_-4px_12px_rgba(0,0,0,0.08)]"
      data-testid="compare-tray"
    >
      <div className="mx-auto flex max-w-[1440px] flex-wrap items-center gap-3 px-4 py-3">
        <p className="mr-auto font-semibold" aria-live="polite">
          {compareCountText(vins.length)}
        </p>
        <form method="post" action={RESOURCE_PATHS.compare} onSubmit={(event) => submitThroughFetcher(fetcher, event)}>
          <input type="hidden" name="intent" value="clear" />
          <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
          <button type="submit" className="cursor-pointer px-3 py-2 font-semibold underline">
            Clear
          </button>
        </form>
        <Link to={COMPARE_PATH} className="rounded-tenant bg-primary px-4 py-2 font-semibold text-primary-contrast">
          Compare vehicles
        </Link>
      </div>
    </aside>
  );
}
