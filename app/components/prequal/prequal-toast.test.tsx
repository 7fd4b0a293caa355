import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { RouteObject } from 'react-router-dom';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { prequalReminderMessage } from '~/lib/prequal.server';
import { PrequalReminderToast } from './prequal-reminder';
import { ExpiredPrequalPrompt } from './expired-prequal-prompt';
import { PrequalToast } from './prequal-toast';

// The pre-qualification toast (issue 14, seed 002 §4): near or past its expiry, with a
// one-click refresh that is a plain form post back to the page the shopper is on.

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

describe('pre-qualification toast', () => {
  it('warns before the expiry with its date and a refresh form that comes back here', async () => {
    const html = await renderAt(
      '/search?make=Honda',
      <PrequalToast
        reminder={{
          kind: 'expiring',
          expiresAt: '2026-12-03T10:00:00.000Z',
          canRefresh: true,
          message: prequalReminderMessage('expiring', '2026-12-03T10:00:00.000Z', 'America/New_York'),
        }}
      />,
    );
    expect(html).toContain('Your pre-qualification expires on December 3, 2026.');
    expect(html).toContain('method="post"');
    expect(html).toContain('action="/financing/pre-qualify/refresh"');
    expect(html).toContain('name="redirectTo" value="/search?make=Honda"');
    expect(html).toContain('Refresh pre-qualification');
    // The kit's toast (seed 000 §8-9), inline where it is placed until JavaScript runs its timer.
    expect(html).toContain('data-testid="prequal-toast"');
    expect(html).toContain('data-toast="info"');
    expect(html).toContain('role="status"');
    expect(html).toContain('class="my-3 ');
    expect(html).not.toContain('Close notification');
  });

  it("the shell's reminder renders inline on the server, with no toast code loaded yet (issue 17)", async () => {
    const message = prequalReminderMessage('expiring', '2026-12-03T10:00:00.000Z', 'America/New_York');
    const html = await renderAt(
      '/search',
      <PrequalReminderToast
        reminder={{ kind: 'expiring', expiresAt: '2026-12-03T10:00:00.000Z', canRefresh: true, message }}
      />,
    );
    expect(html).toContain('Your pre-qualification expires on December 3, 2026.');
    expect(html).toContain('data-testid="prequal-toast"');
    expect(html).toContain('role="status"');
    expect(html).toContain('class="my-3 ');
    expect(html).toContain('action="/financing/pre-qualify/refresh"');
    expect(html).toContain('name="redirectTo" value="/search"');
    expect(html).not.toContain('Close notification');
  });

  it('says it expired; with nothing on file it offers the form instead of the refresh', async () => {
    const html = await renderAt(
      '/',
      <PrequalToast
        reminder={{
          kind: 'expired',
          expiresAt: '2026-11-01T10:00:00.000Z',
          canRefresh: false,
          message: prequalReminderMessage('expired', '2026-11-01T10:00:00.000Z', 'America/New_York'),
        }}
      />,
    );
    expect(html).toContain('Your pre-qualification has expired.');
    expect(html).not.toContain('Refresh pre-qualification');
    expect(html).toContain('href="/financing/pre-qualify?again=1"');
  });

  it('on the credit application an expired one asks for the refresh, coming back to the step (issue 14)', async () => {
    const expired = { kind: 'expired', expiresAt: '2026-11-01T10:00:00.000Z', canRefresh: true, message: '' } as const;
    const html = await renderAt('/checkout/credit-application/personal', <ExpiredPrequalPrompt reminder={expired} />);
    expect(html).toContain(
      'Your pre-qualification has expired, so we could not use it for this application. Refresh it and we fill in what it knows, with no second credit check.',
    );
    expect(html).toContain('action="/financing/pre-qualify/refresh"');
    expect(html).toContain('name="redirectTo" value="/checkout/credit-application/personal"');
    const expiring = { ...expired, kind: 'expiring' } as const;
    expect(await renderAt('/checkout/credit-application/personal', <ExpiredPrequalPrompt reminder={expiring} />)).toBe(
      '',
    );
  });
});
