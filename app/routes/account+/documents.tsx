import { titledMeta } from '~/lib/meta';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AlertBar } from '~/components/ui/alert-bar';
import { DOCUMENT_TEXTS, documentHref } from '~/lib/account-documents';
import { documentsLoader } from './documents.server';
import { textLink } from '~/components/ui/button';
import { useDealerZone } from '~/components/dealer-zone';
import { formatDealerDate } from '~/lib/shared/dealer-time';

/** A page without script: every action on it is a link or a form post (decision 073). */
export const handle = { scripts: false };

// The account's documents (seed 002 §3 "Documents: type, date added, status"; issue 15 point 3):
// every document of the shopper's orders, uploaded and generated, with a download only the
// owner can open. The account layout already requires a signed-in shopper.

export function loader({ request }: LoaderFunctionArgs) {
  return documentsLoader(request);
}

export default function AccountDocuments() {
  const { groups, page, pageCount, error, downloadError } = useLoaderData<typeof loader>();
  const zone = useDealerZone();
  const pageHref = (to: number) => (to === 1 ? '/account/documents' : `/account/documents?page=${to}`);
  return (
    <section aria-labelledby="account-section-title">
      <h2 id="account-section-title" className="mb-2 text-xl font-semibold">
        Documents
      </h2>
      {/* Near the top, where a shopper looking for their data reads first (issue 35 point 6). */}
      <p className="mb-4 flex flex-wrap gap-4 text-sm" data-testid="privacy-links">
        <a href="/account/privacy/export" className={textLink} download>
          Download all my data (JSON)
        </a>
        <Link to="/privacy-request" className={textLink}>
          Make a privacy request
        </Link>
      </p>
      {error ? (
        <AlertBar type="error" testId="documents-error">
          {error}{' '}
          <Link to="/account/documents" className="font-semibold underline">
            Try again
          </Link>
        </AlertBar>
      ) : null}
      {downloadError ? (
        <AlertBar type="error" testId="download-error">
          {downloadError}
        </AlertBar>
      ) : null}
      {!error && groups.length === 0 ? <p>{DOCUMENT_TEXTS.empty}</p> : null}
      {groups.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="documents-table">
            <caption className="sr-only">Documents of your orders, by order</caption>
            <thead>
              <tr className="border-b border-black/20">
                <th scope="col" className="py-2 pr-4">
                  Type
                </th>
                <th scope="col" className="py-2 pr-4">
                  Date added
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Download</span>
                </th>
              </tr>
            </thead>
            {groups.map((group) => (
              <tbody key={group.orderNumber} data-testid="document-group" data-order={group.orderNumber}>
                <tr>
                  <th scope="rowgroup" colSpan={4} className="pb-1 pt-4 text-base font-semibold">
                    Order {group.orderNumber}
                  </th>
                </tr>
                {group.documents.map((document) => {
                  const href = documentHref(document);
                  return (
                    <tr
                      key={document.id}
                      className="border-b border-black/10"
                      data-testid="document-row"
                      data-kind={document.kind}
                    >
                      <td className="py-2 pr-4 font-medium">{document.type}</td>
                      <td className="py-2 pr-4">
                        <time dateTime={document.addedAt}>{formatDealerDate(document.addedAt, zone)}</time>
                      </td>
                      <td className="py-2 pr-4">{document.status}</td>
                      <td className="py-2">
                        {href ? (
                          document.kind === 'receipt' ? (
                            <Link to={href} className={textLink}>
                              View {document.type.toLowerCase()} {document.orderNumber}
                            </Link>
                          ) : (
                            <a href={href} className={textLink} download>
                              Download {document.type.toLowerCase()} for order {document.orderNumber}
                            </a>
                          )
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
        </div>
      ) : null}
      {pageCount > 1 ? (
        <nav aria-label="Document pages" className="mt-4 flex flex-wrap items-center gap-4 text-sm">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className={textLink} rel="prev">
              Previous orders
            </Link>
          ) : null}
          <span aria-current="page">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={pageHref(page + 1)} className={textLink} rel="next">
              Next orders
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Documents');
