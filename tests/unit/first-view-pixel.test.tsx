import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { PageViewPixel as RootPageViewPixel } from '~/components/page-view';
import { FirstViewPixelContext } from '~/lib/analytics/first-view-pixel';
import { firstViewPixelHtml } from '~/lib/analytics/first-view-pixel.server';
import { PageViewPixel } from '~/lib/analytics/page-view-pixel';

// Decision 048: the root renders the first view's pixel from the HTML entry.server.tsx gives it,
// so the browser does not load the pixel's code to show a page. It must be the image the pixel
// component renders, with or without JavaScript.

const URL = '/vehicles/1HGCM82633A004352?utm_source=news&email=a%40b.co';

function render(element: React.ReactElement, withBuilder: boolean): string {
  return renderToString(
    <StaticRouter location={URL}>
      {withBuilder ? (
        <FirstViewPixelContext.Provider value={firstViewPixelHtml}>{element}</FirstViewPixelContext.Provider>
      ) : (
        element
      )}
    </StaticRouter>,
  );
}

describe('the first view pixel', () => {
  it('is the same image as the pixel component, in a span', () => {
    const fromRoot = render(<RootPageViewPixel name="vehicleDetails" referrer="https://www.google.com/" />, true);
    const fromComponent = render(<PageViewPixel name="vehicleDetails" referrer="https://www.google.com/" />, false);
    // React writes a void element as <img …/>; the same element in HTML.
    expect(fromRoot).toBe(`<span>${fromComponent.replace(/\/>$/, '>')}</span>`);
    expect(fromRoot).toContain('kind=pageview&amp;name=vehicleDetails');
    expect(fromRoot).not.toMatch(/a%40b|email/);
  });

  it('is empty in the browser, where hydration keeps the server one', () => {
    expect(render(<RootPageViewPixel name="search" />, false)).toBe('<span></span>');
  });
});
