import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { RouteObject } from 'react-router-dom';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { RemovalSnackbar } from './removal-snackbar';

// The removal snackbar as the server renders it (what a shopper without JavaScript gets): the
// message inline, announced (role status), and Undo as a real form that posts the vehicle back
// to its list and returns to this page; a sold vehicle's removal has no Undo.

async function renderAt(path: string, element: ReactElement): Promise<string> {
  const routes: RouteObject[] = [{ id: 'root', path: '*', element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />).replaceAll(
    '<!-- -->',
    '',
  );
}

const VIN = '1HGCM82633A004352';

describe('removal snackbar without JavaScript', () => {
  // The snackbar's code is deferred (decision 051): the server loads it when the build loads,
  // before any request; the test waits for the same load.
  beforeAll(async () => {
    await import('./removal-snackbar-live');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('shows the message inline with an Undo form that puts the vehicle back', async () => {
    const html = await renderAt(
      '/saved-vehicles',
      <RemovalSnackbar
        list="favorite"
        notice={{
          kind: 'info',
          message: 'Vehicle removed from your saved vehicles.',
          removal: { list: 'favorite', vin: VIN, undo: true },
        }}
      />,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain('Vehicle removed from your saved vehicles.');
    expect(html).toMatch(/<form method="post" action="\/resources\/favorites">/);
    expect(html).toContain(`name="vin" value="${VIN}"`);
    expect(html).toContain('name="intent" value="add"');
    expect(html).toContain('name="redirectTo" value="/saved-vehicles"');
    expect(html).toMatch(/<button type="submit"[^>]*>Undo<\/button>/);
    // Nothing to close it with and no timer: it stays in the page's flow.
    expect(html).not.toContain('Close notification');
    expect(html).not.toContain('fixed');
  });

  it('has no Undo for a vehicle that cannot be put back, and nothing without a removal', async () => {
    const sold = await renderAt(
      '/saved-vehicles',
      <RemovalSnackbar
        list="favorite"
        notice={{
          kind: 'info',
          message: 'Vehicle removed from your saved vehicles.',
          removal: { list: 'favorite', vin: VIN, undo: false },
        }}
      />,
    );
    expect(sold).toContain('Vehicle removed from your saved vehicles.');
    expect(sold).not.toContain('<form');
    const none = await renderAt(
      '/compare',
      <RemovalSnackbar list="compare" notice={{ kind: 'error', message: 'Limit' }} />,
    );
    expect(none).toBe('');
  });
});
