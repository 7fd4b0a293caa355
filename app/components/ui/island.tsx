import { useFetchers, useNavigation, useRevalidator } from '@remix-run/react';
import {
  type FunctionComponent,
  lazy,
  memo,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { InIsland } from '~/components/hydrated';

// A part of a page whose code is not in the page's JavaScript (issue 17, decisions 044 and 047):
// the server renders its whole markup, and the browser hydrates it once its chunk has arrived.
// React keeps a server-rendered Suspense boundary whose lazy child has not loaded as it is (no
// fallback, no layout shift) and hydrates it when the chunk comes, so until then the part is
// the server's HTML: links are links and forms post as they do without JavaScript.
//
// The chunk does not load with the page. It starts when the part comes near the screen
// (`start: 'visible'`) or when the shopper reaches for it (`'intent'`: a pointer over it, a
// press, a focus or a key inside it; 'visible' parts start on these too). The intent listeners
// are the window's, in the capture phase, set when this module runs: they see a press before
// hydration, and before React's own listener on the document, which stops an event meant for a
// part that has not hydrated. A choice made in that gap (a radio, typed text) stays in the DOM,
// where the part reads it when it hydrates (decision 047: the calculator and the down payment).
//
// React treats a change of a context above a boundary that has not hydrated (every navigation,
// fetcher and revalidation changes the router's) as an update it must hydrate first: it holds
// that transition until the boundary can hydrate. So an island also starts its chunk when the
// router is busy, and the transition goes on as soon as the chunk is there.
//
// The server must not suspend (a streamed boundary needs a script to be shown, and a shopper
// without JavaScript would never see it): it imports every island when the build is loaded and
// renders the loaded component directly. In the browser the lazy component is the same object
// for the page's life, so once loaded it never suspends again. Inside an island `useHydrated`
// starts false even when the rest of the page has hydrated, so the island's first render is the
// server's.

type Start = 'visible' | 'intent';

type IslandOptions = {
  /** Names the part in the DOM (`data-island`), where the intent listeners find it. */
  name: string;
  start: Start;
};

/** How far outside the screen a 'visible' part starts its chunk: about one scroll of a wheel or two. */
const VISIBLE_MARGIN = '200px 0px';

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

const starters = new Map<string, () => void>();

function onIntent(event: Event) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const name = target.closest('[data-island]')?.getAttribute('data-island');
  if (name) starters.get(name)?.();
}

let listening = false;
function listenForIntent() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, { capture: true, passive: true });
}

function subscribeNothing() {
  return () => {};
}

/** True while React hydrates the component from the server's HTML (it reads the server snapshot then). */
function useFromServer(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
}

/**
 * `load` imports the component (`() => import('./x').then((module) => module.X)`). Give the
 * island stable, simple props (strings, numbers, loader data): a prop that changes outside a
 * router transition before the chunk has loaded makes React render the boundary again instead of
 * hydrating it.
 */
export function island<P extends object>(load: () => Promise<FunctionComponent<P>>, { name, start }: IslandOptions) {
  let loaded: FunctionComponent<P> | null = null;
  let loading: Promise<FunctionComponent<P>> | null = null;
  let release: () => void = () => {};
  const requested = new Promise<void>((resolve) => (release = resolve));
  function preload() {
    release();
    loading ??= load().then((component) => (loaded = component));
    return loading;
  }
  // React's types cannot spread a generic P into a lazy component: it gets the props as one.
  const Lazy = lazy(() =>
    requested.then(preload).then((Component) => ({ default: ({ props }: { props: P }) => <Component {...props} /> })),
  );
  if (typeof document === 'undefined') {
    // The server loads every island when the build loads, and never suspends on one.
    void preload();
  } else {
    starters.set(name, preload);
    listenForIntent();
  }

  function Island(props: P) {
    const fromServer = useFromServer();
    // Chosen once per island: switching from the lazy wrapper to the loaded component later
    // would mount the part again and lose its state. Loaded already (an earlier page): it
    // hydrates in the page's own pass.
    const [Loaded] = useState(() => loaded);
    // Rendered in the browser without the server's HTML (a client navigation): nothing to wait for.
    const [waits] = useState(() => Loaded === null && fromServer);
    const navigation = useNavigation();
    const revalidator = useRevalidator();
    const fetchers = useFetchers();
    const routerBusy =
      navigation.state !== 'idle' ||
      revalidator.state !== 'idle' ||
      fetchers.some((fetcher) => fetcher.state !== 'idle');
    // Starting the download is safe to repeat (React.lazy does the same while rendering).
    if (!waits || routerBusy) void preload();

    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = ref.current;
      if (!waits || start !== 'visible' || !element || loaded) return;
      if (typeof IntersectionObserver === 'undefined') {
        void preload();
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          void preload();
        },
        { rootMargin: VISIBLE_MARGIN },
      );
      observer.observe(element);
      return () => observer.disconnect();
    }, [waits]);

    // The same element while the props are: this component renders again when the router's
    // state changes (above) and once after hydration (useFromServer), and a new element would be
    // an update to the part, which React cannot apply to a part it has not hydrated (it would
    // drop the server's HTML for the empty fallback).
    return useMemo(
      () => (
        <div ref={ref} data-island={name}>
          <InIsland.Provider value>
            <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy props={props} />}</Suspense>
          </InIsland.Provider>
        </div>
      ),
      [Loaded, props],
    );
  }
  return Object.assign(memo(Island), { preload });
}
