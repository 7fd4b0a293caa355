import { HttpResponse, http } from 'msw';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import AccountDocuments, { loader } from '~/routes/account+/documents';
import { commerceUrl, server } from '../support/msw';
import { trackerRequest } from './tracker-support';

// Seed 002 §8 "Documents: failed to load documents; download failure": when the documents API
// fails, the account's documents page says so (an error alert with a way to try again), on the
// page and with a status that is not a success, instead of an error page or an empty list.

async function renderDocuments(request: Request): Promise<{ status: number; html: string }> {
  let status = 0;
  const routes = [
    {
      id: 'documents',
      path: '/account/documents',
      loader: async () => {
        const answer = await loader({ request, params: {}, context: {} });
        status = answer.init?.status ?? 200;
        return answer.data;
      },
      element: <AccountDocuments />,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  return { status, html: html.replaceAll('<!-- -->', '') };
}

describe('account documents', () => {
  it('says "Failed to load documents" with a Try again link when the API fails', async () => {
    server.use(http.get(commerceUrl('/api/account/documents'), () => HttpResponse.json({}, { status: 500 })));
    const { status, html } = await renderDocuments(await trackerRequest('/account/documents'));
    expect(status).toBe(503);
    expect(html).toMatch(
      /data-testid="documents-error"[^>]*><div[^>]*>Failed to load documents\. Please try again\. <a/,
    );
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/<a[^>]*href="\/account\/documents"[^>]*>Try again<\/a>/);
    expect(html).not.toContain('data-testid="documents-table"');
  });
});
