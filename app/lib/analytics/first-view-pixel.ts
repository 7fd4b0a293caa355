import { createContext } from 'react';
import type { PixelEvent } from '../shared/analytics/pixel';

/**
 * The HTML of the first view's pixel image, given by entry.server.tsx (app/lib/analytics/
 * first-view-pixel.server.ts) so the server renders it without the pixel's code being in the
 * page's JavaScript (decision 048). Null in the browser.
 */
export const FirstViewPixelContext = createContext<((event: PixelEvent) => string) | null>(null);
