import { data, redirect } from '@remix-run/node';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { requireShopper } from '~/lib/auth.server';
import { logger } from '~/lib/shared/logger.server';
import { getApiContext } from '~/lib/session.server';
import { proxyFileFromApi } from '../progress+/$orderNumber.steps.server';
import { DOCUMENT_TEXTS, pageOfDocumentGroups } from '~/lib/account-documents';

// The account's documents (issue 15 point 3). Seed 002 §8 "Documents: failed to load documents;
// download failure": both are messages on the page, never an error page.

export async function documentsLoader(request: Request) {
  await requireShopper(request);
  const params = new URL(request.url).searchParams;
  const failedDownload = params.get('failed') === 'download';
  const requestedPage = Number(params.get('page') ?? '1');
  const none: ReturnType<typeof pageOfDocumentGroups> = { groups: [], page: 1, pageCount: 1 };
  try {
    const answer = await callApi(await getApiContext(request), endpoints.account.documents);
    if (!answer) return data({ ...none, error: null, downloadError: null }, { status: 499 });
    return data(
      {
        ...pageOfDocumentGroups(answer.data, requestedPage),
        error: null,
        downloadError: failedDownload ? DOCUMENT_TEXTS.downloadFailed : null,
      },
      { headers: { 'cache-control': 'private, no-store' } },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    logger.warn({ status: error.status, code: error.code }, 'account: the documents could not be loaded');
    return data({ ...none, error: DOCUMENT_TEXTS.loadFailed, downloadError: null }, { status: 503 });
  }
}

/** GET /account/documents/download?id=…: the file through the API with the shopper's token; a failure goes back to the list with its message. */
export async function downloadDocument(request: Request): Promise<Response> {
  await requireShopper(request);
  const id = new URL(request.url).searchParams.get('id') ?? '';
  const api = await getApiContext(request);
  const back = () => redirect('/account/documents?failed=download');
  const contract = /^contract:([A-Z0-9-]{4,40})$/.exec(id);
  let fetchFile: (() => Promise<Response>) | null = null;
  if (contract) {
    const orderNumber = contract[1]!;
    fetchFile = () => proxyFileFromApi(request, api, endpoints.account.contractPdf, { orderNumber });
  }
  const upload = /^upload:([0-9a-f-]{36})$/i.exec(id);
  if (upload) {
    // The deal id is looked up in the shopper's own list: nobody else's document is reachable.
    const answer = await callApi(api, endpoints.account.documents).catch(() => null);
    const found = answer?.data.find((document) => document.id === id && document.downloadable);
    if (found?.dealId && found.documentId) {
      const params = { dealId: found.dealId, docId: found.documentId };
      fetchFile = () => proxyFileFromApi(request, api, endpoints.documents.file, params);
    }
  }
  if (!fetchFile) return back();
  const response = await fetchFile();
  if (response.status !== 200) return back();
  if (!response.headers.get('content-disposition')) response.headers.set('content-disposition', 'attachment');
  response.headers.set('cache-control', 'private, no-store');
  return response;
}
