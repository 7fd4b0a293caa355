import { type FunctionComponent, lazy, memo, Suspense, useState } from 'react';
import { InIsland } from '~/components/hydrated';

// A part of a page whose code is not in the page's first JavaScript (issue 17, decision 044):
// the server renders its whole markup, and the browser hydrates it once its chunk has arrived.
// React keeps a server-rendered Suspense boundary whose lazy child has not loaded as it is (no
// fallback, no layout shift) and hydrates it when the chunk comes, so until then the part is
// the server's HTML: links are links and forms post as they do without JavaScript. The chunk
// starts loading with the page's own code (not part of the first download the budget counts)
// and is usually there when hydration reaches the island.
//
// The server must not suspend (a streamed boundary needs a script to be shown, and a shopper
// without JavaScript would never see it): it imports every island when the build is loaded and
// renders the loaded component directly. In the browser the lazy component is the same object
// for the page's life, so once loaded it never suspends again. Inside an island `useHydrated`
// starts false even when the rest of the page has hydrated, so the island's first render is the
// server's.

/**
 * `load` imports the component (`() => import('./x').then((module) => module.X)`). Give the
 * island stable, simple props (strings, numbers, loader data): a prop that changes before the
 * chunk has loaded makes React render the boundary again instead of hydrating it.
 */
export function island<P extends object>(
  load: () => Promise<FunctionComponent<P>>,
  { start = 'module' }: { start?: 'module' | 'render' } = {},
) {
  let loaded: FunctionComponent<P> | null = null;
  let loading: Promise<FunctionComponent<P>> | null = null;
  function preload() {
    loading ??= load().then((component) => (loaded = component));
    return loading;
  }
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
    const [Loaded] = useState(() => loaded);
    return (
      <InIsland.Provider value>
        <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy props={props} />}</Suspense>
      </InIsland.Provider>
    );
  }
  return Object.assign(memo(Island), { preload });
}
