import { useEffect, useState } from 'react';

let hydrated = false;

/**
 * False while the server renders and during hydration, true afterwards. Pieces that need
 * JavaScript (menus, the drawer) render their no-JavaScript form until this turns true, so
 * the first client render matches the server's HTML.
 */
export function useHydrated(): boolean {
  const [done, setDone] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setDone(true);
  }, []);
  return done;
}
