import { Link } from '@remix-run/react';
import type { SearchQuery } from '~/lib/contract/inventory';
import { getPageItems, pageHref } from '~/lib/search/filters';

// Pages of results as plain links (they work without JavaScript); with JavaScript they are
// client-side navigations.

const itemClass = 'flex h-11 min-w-11 items-center justify-center rounded-tenant px-3 font-semibold';

export function Pagination({
  query,
  page,
  totalPages,
  cursors = {},
}: {
  query: SearchQuery;
  page: number;
  totalPages: number;
  /** Keyset cursors from the search: Previous and Next seek from this page's rows, not by offset. */
  cursors?: { next?: string; previous?: string };
}) {
  const items = getPageItems(page, totalPages);
  if (items.length === 0) return null;
  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link
              to={pageHref(query, page - 1, { before: cursors.previous })}
              className={`${itemClass} text-primary hover:bg-black/5`}
              rel="prev"
            >
              Previous
            </Link>
          ) : (
            <span className={`${itemClass} text-gray-500`} aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {items.map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={item.page}>
              {item.current ? (
                <span className={`${itemClass} bg-primary text-primary-contrast`} aria-current="page">
                  <span className="sr-only">Page </span>
                  {item.page}
                </span>
              ) : (
                <Link to={pageHref(query, item.page)} className={`${itemClass} text-primary hover:bg-black/5`}>
                  <span className="sr-only">Page </span>
                  {item.page}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link
              to={pageHref(query, page + 1, { after: cursors.next })}
              className={`${itemClass} text-primary hover:bg-black/5`}
              rel="next"
            >
              Next
            </Link>
          ) : (
            <span className={`${itemClass} text-gray-500`} aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
