import { useFetcher, useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useHydrated } from '~/components/hydrated';
import { SearchIcon } from '~/components/vehicles/icons';
import type { Suggestion } from '~/lib/contract/inventory';
import { RESOURCE_PATHS, SEARCH_PATH } from '~/lib/search/actions';
import { isBlankKeyword, keywordHref, suggestionHref } from '~/lib/search/suggestions';
import type { SuggestionsData } from '~/lib/search/suggestions';

// The search box (seed 000 §2.4, §4.5, §5). Without JavaScript it is a GET form to /search
// with the keywords as `q` (the search page turns them into the first suggestion's filters),
// and the browser refuses blank keywords. With JavaScript it is a combobox: suggestions load
// as the shopper types, a backdrop dims the page on screens wider than extra-small (600 px and
// up) while they are open, and Enter (or a choice) while they are still loading waits for
// them and then uses the first one. The pages render it as an island that hydrates on the
// shopper's first interaction with the form (`data-search-box`, ./search-box-island, decision
// 061): until then it is the plain form, and what was typed is replayed to the combobox.

/** Seed 000 §9: the generic debounce. */
export const SUGGESTION_DEBOUNCE_MS = 400;

export const SEARCH_BOX_TEXTS = {
  label: 'Search by make, model or keyword',
  placeholder: 'Search by make, model or keyword',
  submit: 'Search',
  loading: 'Loading suggestions…',
  none: 'No suggestions. Press Enter to search.',
  suggestions: 'Suggestions',
} as const;

type SearchBoxProps = {
  /** Unique on the page: the input's id. */
  id: string;
  defaultValue?: string;
  /** 'hero' sits on the landing page's coloured band; 'page' on the surface colour. */
  tone?: 'hero' | 'page';
  className?: string;
};

export function SearchBox({ id, defaultValue = '', tone = 'page', className = '' }: SearchBoxProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const fetcher = useFetcher<SuggestionsData>({ key: `suggestions:${id}` });
  const listId = `${useId()}-suggestions`;
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Keywords whose suggestions a submission waits for. */
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The keywords of the last load asked for. */
  const requested = useRef<string | null>(null);

  const keywords = text.trim();
  // The last answer stays on screen while the next one loads (no flicker as the shopper types).
  const suggestions = fetcher.data?.suggestions ?? [];
  const loading = keywords !== '' && fetcher.data?.q !== keywords;
  const showList = hydrated && open && keywords !== '';

  const load = useCallback(
    (q: string) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (requested.current === q && (fetcher.state === 'loading' || fetcher.data?.q === q)) return;
      requested.current = q;
      fetcher.load(`${RESOURCE_PATHS.suggestions}?${new URLSearchParams({ q })}`);
    },
    [fetcher],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const go = useCallback(
    (to: string) => {
      setOpen(false);
      setWaitingFor(null);
      navigate(to);
    },
    [navigate],
  );

  // A submission that waited for suggestions goes on once they are here.
  useEffect(() => {
    if (waitingFor === null || fetcher.state !== 'idle' || fetcher.data?.q !== waitingFor) return;
    const first = fetcher.data.suggestions[0];
    go(first ? suggestionHref(first) : keywordHref(waitingFor));
  }, [waitingFor, fetcher.state, fetcher.data, go]);

  function submit(choice: Suggestion | null) {
    if (isBlankKeyword(keywords)) return;
    if (loading) {
      // Seed 000 §4.5: Enter or a choice while the suggestions load waits for them, then
      // takes the first (a choice made from the previous keywords' list is out of date).
      setWaitingFor(keywords);
      load(keywords);
      return;
    }
    const picked = choice ?? suggestions[0];
    go(picked ? suggestionHref(picked) : keywordHref(keywords));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!showList) {
      if (event.key === 'ArrowDown' && keywords) setOpen(true);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (suggestions.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the input (-1) through the options and back to the input.
      setActive((index) => {
        const next = index + step;
        if (next >= suggestions.length) return -1;
        if (next < -1) return suggestions.length - 1;
        return next;
      });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const activeIndex = active >= 0 && active < suggestions.length ? active : -1;
  const onHero = tone === 'hero';

  return (
    <div className={`relative ${className}`}>
      {showList ? (
        // Seed 000 §2.4: a backdrop on screens wider than extra-small while the list is open.
        <div
          aria-hidden="true"
          className="fixed inset-0 z-30 hidden bg-black/40 sm:block"
          data-testid="search-backdrop"
          onClick={() => setOpen(false)}
        />
      ) : null}
      <form
        method="get"
        action={SEARCH_PATH}
        role="search"
        data-search-box=""
        className={`relative flex gap-2 ${showList ? 'z-40' : ''}`}
        onSubmit={(event) => {
          event.preventDefault();
          submit(activeIndex >= 0 ? (suggestions[activeIndex] ?? null) : null);
        }}
      >
        <label htmlFor={id} className="sr-only">
          {SEARCH_BOX_TEXTS.label}
        </label>
        <div className="relative min-w-0 flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-gray-600" />
          <input
            id={id}
            name="q"
            type="search"
            required
            pattern=".*\S.*"
            title="Type a make, model or keyword"
            placeholder={SEARCH_BOX_TEXTS.placeholder}
            autoComplete="off"
            maxLength={100}
            value={text}
            className={`w-full rounded-tenant border py-3 pl-10 pr-3 text-ink ${onHero ? 'border-white bg-white' : 'border-gray-500 bg-surface'}`}
            {...(hydrated
              ? {
                  role: 'combobox',
                  'aria-expanded': showList && suggestions.length > 0,
                  'aria-controls': showList && suggestions.length > 0 ? listId : undefined,
                  'aria-autocomplete': 'list' as const,
                  'aria-activedescendant':
                    showList && activeIndex >= 0 && activeIndex < suggestions.length
                      ? `${listId}-${activeIndex}`
                      : undefined,
                }
              : {})}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setText(next);
              setOpen(true);
              setActive(-1);
              if (timer.current) clearTimeout(timer.current);
              const q = next.trim();
              if (q) timer.current = setTimeout(() => load(q), SUGGESTION_DEBOUNCE_MS);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          {showList ? (
            <div className="absolute left-0 right-0 top-full z-40 mt-1 overflow-hidden rounded-tenant border border-black/15 bg-surface text-ink shadow-xl">
              {suggestions.length > 0 ? (
                <ul id={listId} role="listbox" aria-label={SEARCH_BOX_TEXTS.suggestions} className="py-1">
                  {suggestions.map((suggestion, index) => (
                    <li
                      key={`${suggestion.title}-${index}`}
                      id={`${listId}-${index}`}
                      role="option"
                      aria-selected={index === activeIndex}
                      className="cursor-pointer px-4 py-2 aria-selected:bg-primary aria-selected:text-primary-contrast hover:bg-black/5"
                      // Keep the focus in the input, so the list stays open for the click.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => submit(suggestion)}
                    >
                      {suggestion.title}
                    </li>
                  ))}
                </ul>
              ) : null}
              <p
                role="status"
                className={suggestions.length > 0 && !loading ? 'sr-only' : 'px-4 py-2 text-sm text-gray-700'}
              >
                {loading || waitingFor
                  ? SEARCH_BOX_TEXTS.loading
                  : suggestions.length === 0
                    ? SEARCH_BOX_TEXTS.none
                    : `${suggestions.length} suggestions`}
              </p>
            </div>
          ) : null}
        </div>
        <button
          type="submit"
          className={`shrink-0 cursor-pointer rounded-tenant px-5 py-3 font-semibold ${onHero ? 'bg-accent text-accent-contrast' : 'bg-primary text-primary-contrast'}`}
        >
          {SEARCH_BOX_TEXTS.submit}
        </button>
      </form>
    </div>
  );
}
