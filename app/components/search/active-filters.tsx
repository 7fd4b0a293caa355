import { Link } from '@remix-run/react';
import type { SearchQuery } from '~/lib/contract/inventory';
import { clearFiltersHref, getActiveFilters } from '~/lib/search/filters';
import { CloseIcon } from '../icons';

/** The filters in force as chips; each chip is the link that removes it. */
export function ActiveFilters({ query }: { query: SearchQuery }) {
  const chips = getActiveFilters(query);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="active-filters">
      <h2 className="sr-only">Filters in use</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={chip.removeHref}
              preventScrollReset
              className="inline-flex items-center gap-1 rounded-full border border-primary px-3 py-1 text-sm font-semibold text-primary hover:bg-primary hover:text-primary-contrast"
            >
              {chip.label}
              <CloseIcon className="size-4" />
              <span className="sr-only">(remove filter)</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={clearFiltersHref(query)} preventScrollReset className="text-sm font-semibold underline">
        Clear all
      </Link>
    </div>
  );
}
