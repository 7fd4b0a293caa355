import { renderToString } from 'react-dom/server';
import type { RouteObject } from 'react-router-dom';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { LeadForm, type LeadActionData } from '~/components/leads/lead-form';
import { LEAD_TEXTS } from '~/lib/leads';
import { toPublicTenant } from '~/lib/shared/tenant/schema';
import { formatPhone } from '~/lib/shared/tenant/text';
import { getTenants } from '~/lib/shared/tenant/tenants.server';

// Issue 35 point 4: the answer a shopper gets when the dealer's lead limit is reached (the API's
// 429) starts with a capital letter and names the dealer's phone once, as the link to call.

async function renderLimited(tenantId: string): Promise<string> {
  const tenant = toPublicTenant(getTenants().byId.get(tenantId)!);
  const pageResult = {
    submissionId: 'sub-1',
    source: 'contactUs',
    vin: null,
    result: { status: 'error' },
    outcome: 'limited',
    message: LEAD_TEXTS.limited,
  } as unknown as LeadActionData;
  const routes: RouteObject[] = [
    { path: '/contact-us', element: <LeadForm tenant={tenant} source="contactUs" pageResult={pageResult} /> },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/contact-us'));
  if (context instanceof Response) throw new Error('unexpected response');
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  ).replaceAll('<!-- -->', '');
}

describe('the lead form when the limit is reached', () => {
  it.each(['default', 'lakeview', 'northside'])('%s: a capital first letter, the phone named once', async (id) => {
    const html = await renderLimited(id);
    const alert =
      /data-testid="lead-not-sent"[\s\S]*?<\/div>\s*<\/div>|data-testid="lead-not-sent"[\s\S]*?Call [^<]*<\/a>/.exec(
        html,
      )?.[0];
    expect(alert).toBeDefined();
    const text = alert!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Your message was not sent');
    const message = LEAD_TEXTS.limited;
    expect(message[0]).toBe(message[0]!.toUpperCase());
    expect(text).toContain(message);
    const phone = formatPhone(getTenants().byId.get(id)!.dealerPhone.number);
    expect(text.split(phone).length - 1).toBe(1);
    expect(text).toContain(`Call ${phone}`);
  });
});
