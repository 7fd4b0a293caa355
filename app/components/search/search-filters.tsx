import { Link, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from '~/components/hydrated';
import { ColourSwatch } from '~/components/vehicles/colour-swatch';
import type { FacetValue, SearchFacets } from '~/lib/contract/inventory';
import {
  DEFAULT_SEARCH_SORT,
  SEARCH_SORTS,
  searchQueryToParams,
  type SearchQuery,
  type SearchSort,
} from '~/lib/contract/inventory-query';
import { formatMiles, formatUsd, formatWholeNumber } from '~/lib/shared/money';
import {
  DISTANCE_OPTIONS,
  MILEAGE_OPTIONS,
  SEARCH_PATH,
  clearFiltersHref,
  colorLabel,
  getActiveFilters,
  getSortOptions,
} from '~/lib/search/filters';
import { BODY_STYLE_LABELS, TYPE_LABELS } from '~/lib/search/vehicle-labels';
import { isOneOf, keysOf } from '~/lib/shared/guards';

// The search page's filters: one GET form to /search, so every filter, the sort and the page
// live in the URL and work without JavaScript (an Apply button). With JavaScript a change
// applies at once, without a full page load. The page renders both parts as islands that
// hydrate on the shopper's first interaction (./search-filters-island, decision 061): until
// then they are the server's form, and a change made in it is applied once the code is here.

export const FILTERS_FORM_ID = 'search-filters';
const FILTERS_TOGGLE_ID = 'search-filters-open';
const toggleClass =
  'block w-full cursor-pointer rounded-tenant border border-gray-500 px-4 py-2 text-left font-semibold';

const PRICE_STEPS = [5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 75_000, 100_000];

const selectClass = 'mt-1 w-full rounded-tenant border border-gray-500 bg-surface px-2 py-2 text-ink';
const legendClass = 'text-sm font-bold';

function countLabel(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${formatWholeNumber(count)})`;
}

function countsOf(values: readonly FacetValue[]): Map<string, number> {
  return new Map(values.map((facet) => [facet.value, facet.count]));
}

/** The form's values without the empty ones and the default sort, so the URL stays short. */
export function filterParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== 'string' || value === '') continue;
    if (key === 'sort' && value === DEFAULT_SEARCH_SORT) continue;
    params.append(key, value);
  }
  return params;
}

/**
 * Whether the shopper changed a filter from what the server rendered (before the code was here).
 * Asked only of a form hydrated from the server's HTML (`fromServer`): rendered in the browser,
 * the island starts hydrated (decision 064).
 */
function changedSinceServer(field: Element): boolean {
  if (field instanceof HTMLInputElement) return field.type === 'checkbox' && field.checked !== field.defaultChecked;
  return (
    field instanceof HTMLSelectElement &&
    Array.from(field.options).some((option) => option.selected !== option.defaultSelected)
  );
}

/** Submits the filters form as a navigation that keeps the scroll position. */
function useApplyFilters() {
  const submit = useSubmit();
  return (form: HTMLFormElement | null) => {
    if (form) submit(filterParams(form), { method: 'get', action: SEARCH_PATH, preventScrollReset: true });
  };
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="text-sm font-bold">
        {label}
      </label>
      {children}
    </div>
  );
}

function Checkboxes({
  legend,
  name,
  options,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string; count?: number; checked: boolean; swatch?: string }[];
}) {
  if (options.length === 0) return null;
  return (
    <fieldset>
      <legend className={legendClass}>{legend}</legend>
      <ul className="mt-1 space-y-1">
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex cursor-pointer items-center gap-2 py-0.5 text-sm">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={option.checked}
                className="size-4 accent-[var(--tenant-primary)]"
              />
              {option.swatch ? <ColourSwatch primary={option.swatch} secondary={null} /> : null}
              <span>{countLabel(option.label, option.count)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

type SearchFiltersProps = {
  /** The filters the API applied (bad values already dropped). */
  query: SearchQuery;
  facets: SearchFacets;
  /** The zip distances are measured from; the distance filter needs one. */
  zip: string;
  /** The zip named by the URL, kept in the form so it survives a change of filter. */
  urlZip?: string;
  currentYear: number;
};

export function SearchFilters({ query, facets, zip, urlZip, currentYear }: SearchFiltersProps) {
  const hydrated = useHydrated();
  const apply = useApplyFilters();
  const [openOnSmall, setOpenOnSmall] = useState(false);
  const toggleRef = useRef<HTMLInputElement>(null);
  // Hydrated from the server's form after the shopper's first interaction with it (decision
  // 061): the phone's toggle they may have opened stays open, and what they changed is applied
  // (the island's replay comes while the form has no handlers yet, in its server render).
  const [fromServer] = useState(!hydrated);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (!fromServer) return;
    if (toggleRef.current?.checked) setOpenOnSmall(true);
    const form = formRef.current;
    if (form && Array.from(form.elements).some(changedSinceServer)) applyRef.current(form);
  }, [fromServer]);
  const activeCount = getActiveFilters(query).length;
  const typeCounts = countsOf(facets.type);
  const bodyCounts = countsOf(facets.bodyStyle);
  const colorCounts = countsOf(facets.color);
  const years: number[] = [];
  for (let year = currentYear + 1; year >= currentYear - 50; year -= 1) years.push(year);

  // The form starts again from each new query (a chip's link changes it from outside), and
  // the control the shopper just changed gets the focus back.
  const formKey = searchQueryToParams(query, { page: 1, sort: undefined }).toString();
  const formRef = useRef<HTMLFormElement>(null);
  const lastChanged = useRef<{ name: string; value: string } | null>(null);
  useEffect(() => {
    const changed = lastChanged.current;
    const form = formRef.current;
    if (!changed || !form) return;
    lastChanged.current = null;
    const selector = `[name="${CSS.escape(changed.name)}"]${changed.value ? `[value="${CSS.escape(changed.value)}"]` : ''}`;
    const control = form.querySelector<HTMLElement>(selector);
    if (control && document.activeElement === document.body) control.focus();
  }, [formKey]);

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const target =
      event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement ? event.target : null;
    lastChanged.current = {
      name: target?.name ?? '',
      value: target instanceof HTMLInputElement && target.type === 'checkbox' ? target.value : '',
    };
    // A new make has other models: its model list comes with the answer.
    if (target?.name === 'make') {
      const model = form.elements.namedItem('model');
      if (model instanceof HTMLSelectElement) model.value = '';
    }
    apply(form);
  }

  return (
    <section aria-labelledby="filters-heading" className="min-w-0" data-search-filters="">
      {/*
        On a phone the filters start collapsed, on the server too: opening them after hydration
        moved the results down the page (CLS, issue 17). Without JavaScript a checkbox opens
        them (CSS only, the form is its peer); with it, a disclosure button of the same size.
      */}
      {hydrated ? null : (
        <input ref={toggleRef} type="checkbox" id={FILTERS_TOGGLE_ID} className="peer sr-only md:hidden" />
      )}
      <div className="flex items-center justify-between peer-focus-visible:outline-2 md:hidden">
        {hydrated ? (
          <button
            type="button"
            className={toggleClass}
            aria-expanded={openOnSmall}
            aria-controls={FILTERS_FORM_ID}
            onClick={() => setOpenOnSmall((open) => !open)}
          >
            Filters{activeCount ? ` (${activeCount})` : ''}
          </button>
        ) : (
          <label htmlFor={FILTERS_TOGGLE_ID} className={toggleClass}>
            Filters{activeCount ? ` (${activeCount})` : ''}
          </label>
        )}
      </div>
      <h2 id="filters-heading" className="sr-only text-lg font-bold md:not-sr-only">
        Filters
      </h2>
      <form
        key={formKey}
        ref={formRef}
        id={FILTERS_FORM_ID}
        method="get"
        action={SEARCH_PATH}
        className={`mt-3 space-y-4 md:block ${hydrated ? (openOnSmall ? '' : 'hidden') : 'hidden peer-checked:block'}`}
        onChange={hydrated ? onChange : undefined}
        onSubmit={
          hydrated
            ? (event) => {
                event.preventDefault();
                apply(event.currentTarget);
              }
            : undefined
        }
      >
        {urlZip ? <input type="hidden" name="zip" value={urlZip} /> : null}

        <Field label="Make" htmlFor="filter-make">
          <select id="filter-make" name="make" defaultValue={query.make ?? ''} className={selectClass}>
            <option value="">Any make</option>
            {facets.make.map((facet) => (
              <option key={facet.value} value={facet.value}>
                {countLabel(facet.value, facet.count)}
              </option>
            ))}
          </select>
        </Field>

        {query.make ? (
          <Field label="Model" htmlFor="filter-model">
            <select id="filter-model" name="model" defaultValue={query.model ?? ''} className={selectClass}>
              <option value="">Any model</option>
              {facets.model.map((facet) => (
                <option key={facet.value} value={facet.value}>
                  {countLabel(facet.value, facet.count)}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {query.model && query.trim ? <input type="hidden" name="trim" value={query.trim} /> : null}

        <fieldset>
          <legend className={legendClass}>Year</legend>
          <div className="grid grid-cols-2 gap-2">
            <label className="text-sm">
              From
              <select name="yearMin" defaultValue={query.yearMin ?? ''} className={selectClass}>
                <option value="">Any</option>
                {years.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              To
              <select name="yearMax" defaultValue={query.yearMax ?? ''} className={selectClass}>
                <option value="">Any</option>
                {years.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </fieldset>

        <fieldset>
          <legend className={legendClass}>Price</legend>
          <div className="grid grid-cols-2 gap-2">
            <label className="text-sm">
              Min
              <select name="priceMin" defaultValue={query.priceMin ?? ''} className={selectClass}>
                <option value="">No min</option>
                {PRICE_STEPS.map((dollars) => (
                  <option key={dollars} value={dollars}>
                    {formatUsd(dollars * 100)}
                  </option>
                ))}
                {query.priceMin !== undefined && !PRICE_STEPS.includes(query.priceMin) ? (
                  <option value={query.priceMin}>{formatUsd(query.priceMin * 100)}</option>
                ) : null}
              </select>
            </label>
            <label className="text-sm">
              Max
              <select name="priceMax" defaultValue={query.priceMax ?? ''} className={selectClass}>
                <option value="">No max</option>
                {PRICE_STEPS.map((dollars) => (
                  <option key={dollars} value={dollars}>
                    {formatUsd(dollars * 100)}
                  </option>
                ))}
                {query.priceMax !== undefined && !PRICE_STEPS.includes(query.priceMax) ? (
                  <option value={query.priceMax}>{formatUsd(query.priceMax * 100)}</option>
                ) : null}
              </select>
            </label>
          </div>
        </fieldset>

        <Field label="Mileage" htmlFor="filter-mileage">
          <select id="filter-mileage" name="mileageMax" defaultValue={query.mileageMax ?? ''} className={selectClass}>
            <option value="">Any mileage</option>
            {MILEAGE_OPTIONS.map((miles) => (
              <option key={miles} value={miles}>
                Up to {formatMiles(miles)}
              </option>
            ))}
            {query.mileageMax !== undefined && !isOneOf(MILEAGE_OPTIONS, query.mileageMax) ? (
              <option value={query.mileageMax}>Up to {formatMiles(query.mileageMax)}</option>
            ) : null}
          </select>
        </Field>

        <Checkboxes
          legend="Condition"
          name="type"
          options={keysOf(TYPE_LABELS).map((type) => ({
            value: type,
            label: TYPE_LABELS[type],
            count: typeCounts.get(type) ?? 0,
            checked: query.type.includes(type),
          }))}
        />

        <Checkboxes
          legend="Body style"
          name="bodyStyle"
          options={facets.bodyStyle.map((facet) => ({
            value: facet.value,
            label: isOneOf(keysOf(BODY_STYLE_LABELS), facet.value) ? BODY_STYLE_LABELS[facet.value] : facet.value,
            count: bodyCounts.get(facet.value),
            checked: query.bodyStyle.some((style) => style === facet.value),
          }))}
        />

        <Checkboxes
          legend="Colour"
          name="color"
          options={facets.color.map((facet) => ({
            value: facet.value,
            label: colorLabel(facet.value),
            count: colorCounts.get(facet.value),
            checked: query.color.some((color) => color === facet.value),
            swatch: facet.value,
          }))}
        />

        <Field label={`Distance from ${zip}`} htmlFor="filter-distance">
          <select id="filter-distance" name="distance" defaultValue={query.distance ?? ''} className={selectClass}>
            <option value="">Any distance</option>
            {DISTANCE_OPTIONS.map((miles) => (
              <option key={miles} value={miles}>
                Within {formatMiles(miles)}
              </option>
            ))}
          </select>
        </Field>

        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            className="cursor-pointer rounded-tenant bg-primary px-4 py-2 font-semibold text-primary-contrast"
          >
            Apply filters
          </button>
          {activeCount ? (
            <Link to={clearFiltersHref(query)} className="text-sm font-semibold text-primary underline">
              Clear all
            </Link>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** The sort select above the results; it belongs to the filters form (the `form` attribute). */
export function SortSelect({ current, hasZip }: { current: SearchSort; hasZip: boolean }) {
  const hydrated = useHydrated();
  const apply = useApplyFilters();
  const [sort, setSort] = useState(current);
  // A link (a chip, the pagination) may bring another sort: show it.
  useEffect(() => setSort(current), [current]);
  // Hydrated from the server's select after the shopper changed it (decision 061): apply it.
  const selectRef = useRef<HTMLSelectElement>(null);
  const [fromServer] = useState(!hydrated);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    const select = selectRef.current;
    if (!fromServer || !select || !changedSinceServer(select)) return;
    if (isOneOf(SEARCH_SORTS, select.value)) setSort(select.value);
    applyRef.current(select.form);
  }, [fromServer]);
  return (
    <div className="flex items-end gap-2" data-sort-select="">
      <label className="text-sm font-bold" htmlFor="search-sort">
        Sort by
        <select
          ref={selectRef}
          id="search-sort"
          name="sort"
          form={FILTERS_FORM_ID}
          className="ml-2 rounded-tenant border border-gray-500 bg-surface px-2 py-2 font-normal text-ink"
          {...(hydrated
            ? {
                value: sort,
                onChange: (event: ChangeEvent<HTMLSelectElement>) => {
                  const value = event.currentTarget.value;
                  if (isOneOf(SEARCH_SORTS, value)) setSort(value);
                  apply(event.currentTarget.form);
                },
              }
            : { defaultValue: current })}
        >
          {getSortOptions(hasZip).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {hydrated ? null : (
        <button
          type="submit"
          form={FILTERS_FORM_ID}
          className="cursor-pointer rounded-tenant border border-primary px-3 py-2 text-sm font-semibold text-primary"
        >
          Sort
        </button>
      )}
    </div>
  );
}

type FiltersProps = {
  query: SearchQuery;
  facets: SearchFacets;
  zip: string;
  urlZip?: string;
  currentYear: number;
};

/**
 * The filters' props, the same object while their content is: a revalidation (a vehicle saved,
 * a comparison) brings equal loader data in new objects, which would render the filters again.
 */
export function useStableFiltersProps(props: FiltersProps): FiltersProps {
  const key = JSON.stringify(props);
  const [stable, setStable] = useState({ key, props });
  if (stable.key !== key) {
    setStable({ key, props });
    return props;
  }
  return stable.props;
}
