import { useActionData, useFetchers, useNavigation, useRevalidator } from '@remix-run/react';
import {
  type FunctionComponent,
  type RefObject,
  lazy,
  memo,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { UNSAFE_DataRouterStateContext as RouterState, UNSAFE_RouteContext as RouteContext } from 'react-router-dom';
import { InIsland } from '~/components/hydrated';

// A part of a page whose code is not in the page's first JavaScript (issue 17, decision 044):
// the server renders its whole markup, and the browser hydrates it once its chunk has arrived.
// React keeps a server-rendered Suspense boundary whose lazy child has not loaded as it is (no
// fallback, no layout shift) and hydrates it when the chunk comes, so until then the part is
// the server's HTML: links are links and forms post as they do without JavaScript. The chunk
// starts loading with the page's own code (not part of the first download the budget counts)
// and is usually there when hydration reaches the island.
//
// An island with a `name` and `start: 'visible' | 'intent'` (decision 047) does not load with the
// page either: its chunk starts when the part comes near the screen ('visible') or when the
// shopper reaches for it (a pointer over it, a press, a focus or a key inside it; 'visible'
// parts start on these too). The intent listeners are the window's, in the capture phase, set
// when this module runs: they see a press before hydration, and before React's own listener on
// the document, which stops an event meant for a part that has not hydrated. A choice made in
// that gap (a radio, typed text) stays in the DOM, where the part reads it when it hydrates (the
// calculator and the down payment). React treats a change of a context above a boundary that
// has not hydrated (every navigation, fetcher and revalidation changes the router's) as an
// update it must hydrate first, so such an island also starts its chunk when the router is busy.
//
// An island made with `hydrateOn` (decision 049) waits instead for the shopper: its chunk
// starts loading on the first focus, pointerdown, key or input inside the elements the selector
// names (a form the shopper starts filling in). Until then the part is the server's form with
// the browser's constraints, and what is typed meanwhile stays in the page's inputs: React's
// hydration keeps an input's value, and the island then tells the hydrated code about it (an
// input event on each field changed since the server rendered it, a focus event on the field
// that has the focus), as if the shopper had typed it after.
//
// The server must not suspend (a streamed boundary needs a script to be shown, and a shopper
// without JavaScript would never see it): it imports every island when the build is loaded and
// renders the loaded component directly. In the browser the lazy component is the same object
// for the page's life, so once loaded it never suspends again. Inside an island `useHydrated`
// starts false even when the rest of the page has hydrated, so the island's first render is the
// server's.

type Start = 'visible' | 'intent' | 'scroll';

type IslandOptions =
  | {
      /**
       * A CSS selector: load the chunk on the first interaction inside a matching element, not
       * with the page. The island's markup must contain the element (its form, usually by id).
       */
      hydrateOn: string;
    }
  | {
      /** Names the part in the DOM (`data-island`), where the intent listeners find it. */
      name: string;
      /**
       * 'visible': when the part nears the screen or on intent; 'intent': on intent only;
       * 'scroll': on the page's first scroll or resize, or on intent (a part always in sight whose
       * code only reacts to where the page is, decision 064).
       */
      start: Start;
      /**
       * Holds a press on one of the part's buttons made before it has hydrated (React would stop
       * it, and the browser would do the button's default: a form's post without JavaScript) and
       * presses the button again once it has: a heart or Compare pressed early does what it does
       * with JavaScript.
       */
      holdPresses?: boolean;
    }
  | {
      /**
       * When the browser starts the chunk: 'module' (the default) when the module declaring the
       * island runs; 'render' when a page renders the island, for a part most pages do not have
       * (the pre-qualification reminder).
       */
      start?: 'module' | 'render';
    };

/** The events that start an on-interaction island's chunk: focus by tab or tap, a press, typing, autofill. */
const INTERACTIONS = ['focusin', 'pointerdown', 'keydown', 'input', 'change'] as const;

function subscribeToNothing() {
  return () => {};
}

/** Sets a field's value so that React's change tracking sees it as new, then sends the input event. */
function replayValue(field: HTMLInputElement | HTMLTextAreaElement) {
  const typed = field.value;
  const caret = field instanceof HTMLTextAreaElement || field.selectionStart !== null ? field.selectionStart : null;
  // React remembers the value it hydrated with through the element's own `value` property; the
  // prototype's setter leaves that memory at '' so the input event reads as a change.
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
  if (caret !== null && document.activeElement === field) field.setSelectionRange(caret, caret);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Tells the just-hydrated code what the shopper did before it was here: the focus (a field's
 * focus handler, a form's on-demand checks), every field changed from the server's value, and
 * the leaving of those the shopper has left (so their checks run as a blur's would).
 */
export function replayInteraction(selector: string) {
  const active = document.activeElement;
  const left: Element[] = [];
  for (const region of Array.from(document.querySelectorAll(selector))) {
    if (active instanceof HTMLElement && region.contains(active)) {
      active.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
    for (const field of Array.from(region.querySelectorAll('input, select, textarea'))) {
      if (!changedSinceServer(field)) continue;
      // A file field's value cannot be set (clearing it would drop the chosen files): it gets the
      // events only, as checkboxes, radios and selects do.
      if (
        (field instanceof HTMLInputElement &&
          field.type !== 'checkbox' &&
          field.type !== 'radio' &&
          field.type !== 'file') ||
        field instanceof HTMLTextAreaElement
      ) {
        replayValue(field);
      } else {
        field.dispatchEvent(new Event('input', { bubbles: true }));
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }
      if (field !== active) left.push(field);
    }
  }
  // The leaving comes after React has rendered what the input events changed: a blur handler
  // of a controlled field (the currency input's formatting) reads the state of its last render,
  // and within the same task it would read the server's value and put it back.
  if (left.length > 0) {
    window.setTimeout(() => {
      for (const field of left) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    }, 0);
  }
}

/** Whether the shopper changed a field from what the server rendered. */
function changedSinceServer(field: Element): boolean {
  if (field instanceof HTMLInputElement) {
    if (field.type === 'checkbox' || field.type === 'radio') return field.checked !== field.defaultChecked;
    return field.type !== 'hidden' && field.value !== field.defaultValue;
  }
  if (field instanceof HTMLSelectElement) {
    return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  }
  return field instanceof HTMLTextAreaElement && field.value !== field.defaultValue;
}

/**
 * `load` imports the component (`() => import('./x').then((module) => module.X)`). Give the
 * island stable, simple props (strings, numbers, loader data): a prop that changes before the
 * chunk has loaded makes React render the boundary again instead of hydrating it.
 */
export function island<P extends object>(load: () => Promise<FunctionComponent<P>>, options: IslandOptions = {}) {
  let loaded: FunctionComponent<P> | null = null;
  let loading: Promise<FunctionComponent<P>> | null = null;
  let arrived = () => {};
  const arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  function preload() {
    loading ??= load().then(
      (component) => {
        loaded = component;
        arrived();
        return component;
      },
      (error: unknown) => {
        // The next interaction tries again; until then the part stays the server's.
        loading = null;
        throw error;
      },
    );
    return loading;
  }
  if ('name' in options) return sightIsland(load, options.name, options.start, options.holdPresses ?? false);
  if (!('hydrateOn' in options)) return eagerIsland(preload, () => loaded, options.start ?? 'module');
  const selector = options.hydrateOn;

  if (typeof document === 'undefined') {
    void preload();
  } else if (document.documentElement.dataset.hydrated) {
    // Declared by a module that loaded after the page hydrated (the route of a navigation): the
    // part has no server HTML to wait in and renders in the browser with its route, so its chunk
    // starts now, beside the route's data, rather than when it renders.
    preload().catch(() => {});
  } else {
    const start = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest(selector)) return;
      preload().then(
        () => INTERACTIONS.forEach((type) => document.removeEventListener(type, start, true)),
        () => {},
      );
    };
    // Capture: React stops the events it cannot hand to a part that has not hydrated.
    INTERACTIONS.forEach((type) => document.addEventListener(type, start, true));
  }

  function Arrived({
    props,
    fromServer,
    onHydrated,
  }: {
    props: P;
    fromServer: boolean;
    onHydrated: (live: boolean) => void;
  }) {
    const Component = loaded;
    // Rendered in the browser (a navigation) rather than hydrated from the server's HTML, the
    // part has nothing to match: `useHydrated` inside starts true, as in the page around it, so
    // the part does not show its no-JavaScript form for a frame.
    const [matchesServer] = useState(fromServer);
    useEffect(() => {
      // Only a part hydrated from the server's HTML can hold what the shopper did before its code
      // came. A part React rendered in the browser has nothing to replay, and its fields would
      // read as changed (React sets a select's choice as a property, so no option is selected by
      // default): replaying them applied the search filters on the way back to the search page,
      // a navigation nobody asked for that replaced the one under way.
      if (matchesServer) replayInteraction(selector);
      onHydrated(true);
    }, [onHydrated, matchesServer]);
    return Component ? (
      <InIsland.Provider value={matchesServer}>
        <Component {...props} />
      </InIsland.Provider>
    ) : null;
  }
  // Suspends until the chunk is here without starting it while React hydrates the server's
  // markup (the shopper's first interaction does); rendered on the client (a navigation, or
  // React giving up the server's markup), it starts the chunk at once.
  function Pending({ props, onHydrated }: { props: P; onHydrated: (live: boolean) => void }) {
    const inBrowser = useSyncExternalStore(
      subscribeToNothing,
      () => true,
      () => false,
    );
    if (loaded) return <Arrived props={props} fromServer={!inBrowser} onHydrated={onHydrated} />;
    if (inBrowser) preload().catch(() => {});
    throw arrival;
  }
  function Island(props: P) {
    const routerState = useContext(RouterState);
    const route = useContext(RouteContext);
    const [first] = useState(() => ({ routerState, route }));
    const [live, setLive] = useState(() => loaded !== null);
    // The page answers a post of the island's route, made before its code was here (or without
    // JavaScript): the shopper has used the part already, so it starts at once. The answer's
    // alert then reports itself (analytics) and the fields are live for the correction.
    if (useActionData() !== undefined && typeof document !== 'undefined') preload().catch(() => {});
    // The same element while the props are, so a render of the island for a context change does
    // not reach the boundary either.
    const part = useMemo(
      () => (
        <InIsland.Provider value>
          <Suspense fallback={null}>
            <Pending props={props} onHydrated={setLive} />
          </Suspense>
        </InIsland.Provider>
      ),
      [props],
    );
    return (
      <RouterState.Provider value={live ? routerState : first.routerState}>
        <RouteContext.Provider value={live ? route : first.route}>{part}</RouteContext.Provider>
      </RouterState.Provider>
    );
  }
  return Object.assign(memo(Island), { preload });
}

function eagerIsland<P extends object>(
  preload: () => Promise<FunctionComponent<P>>,
  current: () => FunctionComponent<P> | null,
  start: 'module' | 'render',
) {
  // React's types cannot spread a generic P into a lazy component: it gets the props as one.
  const Lazy = lazy(() =>
    preload().then((Component) => ({ default: ({ props }: { props: P }) => <Component {...props} /> })),
  );
  // The chunk starts loading as soon as the module that declares the island runs (in the browser,
  // with the page's own modules, before hydration), so it has usually arrived when hydration
  // reaches the island: then the island hydrates in the same pass and a choice the shopper makes
  // right after the page shows (a radio, a field) is not lost to a later hydration. The server
  // loads every island when the build loads. `start: 'render'` is for a part most pages do not
  // render (the pre-qualification reminder): the browser loads its chunk only when a page has it.
  if (start === 'module' || typeof document === 'undefined') void preload();
  function Island(props: P) {
    // Chosen once per island: switching from the lazy wrapper to the loaded component later
    // would mount the part again and lose its state.
    const [Loaded] = useState(current);
    return (
      <InIsland.Provider value>
        <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy props={props} />}</Suspense>
      </InIsland.Provider>
    );
  }
  return Object.assign(memo(Island), { preload });
}

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

/** True while React hydrates the component from the server's HTML (it reads the server snapshot then). */
function useFromServer(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

/** Marks its island's part as hydrated (an effect runs once the boundary around it has): it goes live, and a held press is made again. */
function Hydrated({
  part,
  onHydrated,
}: {
  part: RefObject<HTMLDivElement>;
  onHydrated: (part: HTMLDivElement) => void;
}) {
  useEffect(() => {
    if (part.current) onHydrated(part.current);
  }, [part, onHydrated]);
  return null;
}

/** An island that starts on sight or on intent (decision 047). */
function sightIsland<P extends object>(
  load: () => Promise<FunctionComponent<P>>,
  name: string,
  start: Start,
  holdPresses: boolean,
) {
  let loaded: FunctionComponent<P> | null = null;
  let loading: Promise<FunctionComponent<P>> | null = null;
  let release: () => void = () => {};
  const requested = new Promise<void>((resolve) => (release = resolve));
  function preload() {
    release();
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }
  // The parts that have hydrated, and the button pressed in each of the others (decision 058).
  const live = new WeakSet<Element>();
  const held = new Map<Element, HTMLButtonElement>();
  function onHydrated(part: HTMLDivElement) {
    live.add(part);
    const button = held.get(part);
    held.delete(part);
    if (button?.isConnected) button.click();
  }
  function holdPress(event: MouseEvent) {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const part = target.closest(`[data-island="${name}"]`);
    const button = target.closest('button');
    if (!part || live.has(part) || !button || !part.contains(button) || button.disabled) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.set(part, button);
    preload().catch(() => {
      // The chunk did not come: the button does what it does without JavaScript.
      live.add(part);
      held.delete(part);
      button.click();
    });
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
    // Capture on the window: before React's listener on the document, which stops a press on a
    // part it has not hydrated.
    if (holdPresses) window.addEventListener('click', holdPress, true);
    // On the page's first move, listened for from the module (decision 064): a scroll made
    // before the page has hydrated counts too. A page already scrolled (restored) has moved.
    if (start === 'scroll') {
      if (window.scrollY > 0) void preload();
      const onMove = () => void preload();
      for (const type of ['scroll', 'resize']) window.addEventListener(type, onMove, { once: true, passive: true });
    }
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
    // The page answers a post of the island's route: used already, it starts at once (as above).
    const answered = useActionData() !== undefined;
    // Starting the download is safe to repeat (React.lazy does the same while rendering).
    if (!waits || routerBusy || answered) void preload();

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

    // The router's state and the route's context as the part was rendered on the server, until
    // it has hydrated. A change of a context above a boundary React has not hydrated is an update
    // it must hydrate first: the render that carries it cannot commit until the part's code is
    // here, and a transition waits for it indefinitely. The router changes its state without
    // being busy (lazy route discovery patches its routes, `updateState({})`, once the page's
    // links are known): with a part on intent, whose code may never come, that render never
    // committed, and every later update of the page waited behind it (the calculator hydrated
    // but never rendered again: decision 058's revert). A provider with an unchanged value
    // stops the change before the part, as for the islands on interaction above.
    const routerState = useContext(RouterState);
    const route = useContext(RouteContext);
    const [first] = useState(() => ({ routerState, route }));
    const [partLive, setPartLive] = useState(() => !waits);
    const onLive = useCallback((part: HTMLDivElement) => {
      onHydrated(part);
      setPartLive(true);
    }, []);

    // The same element while the props are: this component renders again when the router's
    // state changes (above) and once after hydration (useFromServer), and a new element would be
    // an update to the part, which React cannot apply to a part it has not hydrated (it would
    // drop the server's HTML for the empty fallback).
    const part = useMemo(
      () => (
        <div ref={ref} data-island={name}>
          <InIsland.Provider value>
            <Suspense fallback={null}>
              {Loaded ? <Loaded {...props} /> : <Lazy props={props} />}
              <Hydrated part={ref} onHydrated={onLive} />
            </Suspense>
          </InIsland.Provider>
        </div>
      ),
      [Loaded, props, onLive],
    );
    return (
      <RouterState.Provider value={partLive ? routerState : first.routerState}>
        <RouteContext.Provider value={partLive ? route : first.route}>{part}</RouteContext.Provider>
      </RouterState.Provider>
    );
  }
  return Object.assign(memo(Island), { preload });
}
