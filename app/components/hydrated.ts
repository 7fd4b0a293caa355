import { createContext, useContext, useEffect, useState } from 'react';

let hydrated = false;

/**
 * True inside an island (app/components/ui/island.tsx): its code hydrates after the rest of the
 * page, and its first render must match the server's HTML as the page's did.
 */
export const InIsland = createContext(false);

/**
 * False while the server renders and during hydration, true afterwards. Pieces that need
 * JavaScript (menus, the drawer) render their no-JavaScript form until this turns true, so
 * the first client render matches the server's HTML.
 */
export function useHydrated(): boolean {
  const inIsland = useContext(InIsland);
  const [done, setDone] = useState(hydrated && !inIsland);
  useEffect(() => {
    hydrated = true;
    setDone(true);
  }, []);
  return done;
}
