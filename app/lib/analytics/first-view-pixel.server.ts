import { buildPixelUrl, type PixelEvent } from '../shared/analytics/pixel';
import { HIDDEN_PIXEL_CLASS } from './page-view-pixel';

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** The first view's pixel image as HTML: the same image app/lib/analytics/page-view-pixel.tsx renders. */
export function firstViewPixelHtml(event: PixelEvent): string {
  const src = escapeAttribute(buildPixelUrl(event));
  return `<img src="${src}" alt="" aria-hidden="true" width="1" height="1" decoding="async" class="${HIDDEN_PIXEL_CLASS}">`;
}
