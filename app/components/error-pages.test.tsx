import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from './error-pages';

function render(element: React.ReactElement): string {
  return renderToString(<StaticRouter location="/checkout/broken?step=2">{element}</StaticRouter>);
}

describe('ErrorPage (seed 000 §2.4)', () => {
  it('shows the title, subtitle and sub text it is given, and no button unless asked', () => {
    const html = render(
      <ErrorPage title="Payment failed" subtitle="Your card was not charged." subText="Reference 42" />,
    );
    expect(html).toContain('<h1');
    expect(html).toContain('Payment failed');
    expect(html).toContain('Your card was not charged.');
    expect(html).toContain('Reference 42');
    expect(html).not.toContain('<button');
    expect(html).not.toContain('Go to Homepage');
    // No tracking id: no event.
    expect(html).not.toContain('errorpage');
  });

  it('renders a button for a custom home handler and sends errorpage with the tracking id', () => {
    const html = render(
      <ErrorPage
        title="Oops"
        showHomeButton
        onHomeClick={() => undefined}
        homeButtonLabel="Start over"
        trackingId="checkout-42"
      />,
    );
    expect(html).toMatch(/<button[^>]*>Start over<\/button>/);
    const src = /<img[^>]*src="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(src).toBeDefined();
    const url = new URL(src!, 'http://localhost');
    expect(url.pathname).toBe('/resources/analytics-pixel');
    expect(url.searchParams.get('kind')).toBe('event');
    expect(url.searchParams.get('name')).toBe('errorpage');
    expect(url.searchParams.get('prop.trackingId')).toBe('checkout-42');
    expect(url.searchParams.get('path')).toBe('/checkout/broken');
  });
});
