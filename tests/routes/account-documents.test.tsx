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

describe('account documents, by order (issue 35 point 6)', () => {
  function upload(order: number, type: string, index: number) {
    return {
      id: `upload:00000000-0000-4000-8000-${String(order * 10 + index).padStart(12, '0')}`,
      orderNumber: `SR-DEFAULT-${order}`,
      kind: 'upload',
      type,
      addedAt: '2026-11-20T15:00:00.000Z',
      status: 'Submitted',
      downloadable: true,
      dealId: `deal-${order}`,
      documentId: `doc-${order}-${index}`,
    };
  }
  const orders = [10001, 10002, 10003, 10004, 10005, 10006, 10007];
  const documents = orders.flatMap((order) => [upload(order, 'DriversLicense', 1), upload(order, 'PayStub', 2)]);

  it('names each type as the tracker does, groups five orders a page and links the next page', async () => {
    server.use(http.get(commerceUrl('/api/account/documents'), () => HttpResponse.json({ data: documents })));
    const { html } = await renderDocuments(await trackerRequest('/account/documents'));
    expect(html).not.toMatch(/DriversLicense|PayStub/);
    expect(html).toContain('Driver’s license');
    expect(html).toContain('Pay stub');
    expect(html.match(/data-testid="document-group"/g)).toHaveLength(5);
    expect(html).toMatch(/<th scope="rowgroup"[^>]*>Order SR-DEFAULT-10001<\/th>/);
    expect(html).toContain('Page 1 of 2');
    expect(html).toMatch(/<a[^>]*href="\/account\/documents\?page=2"[^>]*>Next orders<\/a>/);
    // The privacy links come before the documents.
    expect(html.indexOf('Download all my data (JSON)')).toBeLessThan(html.indexOf('data-testid="documents-table"'));
  });

  it('shows the last two orders on page 2, with a link back', async () => {
    server.use(http.get(commerceUrl('/api/account/documents'), () => HttpResponse.json({ data: documents })));
    const { html } = await renderDocuments(await trackerRequest('/account/documents?page=2'));
    expect(html.match(/data-testid="document-group"/g)).toHaveLength(2);
    expect(html).toContain('Order SR-DEFAULT-10007');
    expect(html).toMatch(/<a[^>]*href="\/account\/documents"[^>]*>Previous orders<\/a>/);
  });
});
