import { type FunctionComponent, memo, Suspense } from 'react';
import { InIsland } from '~/components/hydrated';

// A part of a page whose code the browser loads only when it is needed (issue 17, decision 048),
// unlike an island (./island.tsx), whose chunk starts with the page. The server renders its whole
// markup (the server build loads the code with the build and renders it directly, as an island
// does), so a page without JavaScript, and the first view with it, are the same HTML. In the
// browser the part suspends inside its own `<Suspense>` until its code is here: React keeps a
// server-rendered boundary whose child suspends as the server's HTML, and hydrates it when the
// code has come.
//
// While the page hydrates the part waits for `start` (by default at once: an error page's code
// loads when an error shows). Any later render of it (an update reaching it: a navigation, new
// data) loads the code at once, as React would otherwise wait for `start` to apply the update.

/** Whether the page has hydrated (app/components/hydration-marker.tsx): a render now is an update or a new part. */
function pageHasHydrated(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true';
}

/**
 * `load` imports the component (`() => import('./x').then((module) => module.X)`); `start`, in
 * the browser, resolves when it may be downloaded. Give the part stable, simple props: a prop
 * that changes before the code has loaded makes React render the part again, without the
 * server's HTML, once the code is here.
 */
export function deferred<P extends object>(
  load: () => Promise<FunctionComponent<P>>,
  start: () => Promise<unknown> = () => Promise.resolve(),
) {
  let loaded: FunctionComponent<P> | null = null;
  let loading: Promise<FunctionComponent<P>> | null = null;
  function preload() {
    loading ??= load().then((component) => (loaded = component));
    return loading;
  }
  // The server renders the part directly, never suspending (a streamed boundary needs a script
  // to be shown): it loads the code when the build loads.
  if (typeof document === 'undefined') void preload();
  // React's types cannot spread a generic P into a component given as a value: it gets the props as one.
  function Body({ props }: { props: P }) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    // Suspends until the code is here (React renders the part again then).
    throw pageHasHydrated() ? preload() : start().then(preload);
  }
  function Deferred(props: P) {
    return (
      <InIsland.Provider value>
        <Suspense fallback={null}>
          <Body props={props} />
        </Suspense>
      </InIsland.Provider>
    );
  }
  return Object.assign(memo(Deferred), { preload });
}

/**
 * Resolves at the shopper's first interaction with the page (a pointer or key press, a touch),
 * or when `now()` is called (a client-side navigation): code that only matters from then on.
 */
export function onFirstInteraction() {
  let begin: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    begin = resolve;
  });
  if (typeof document !== 'undefined') {
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const go = () => {
      for (const name of events) window.removeEventListener(name, go, true);
      begin();
    };
    for (const name of events) window.addEventListener(name, go, { capture: true, passive: true });
  }
  return { started: () => started, now: () => begin() };
}
