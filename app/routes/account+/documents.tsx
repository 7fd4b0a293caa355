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
  const { documents, error, downloadError } = useLoaderData<typeof loader>();
  const zone = useDealerZone();
  return (
    <section aria-labelledby="account-section-title">
      <h2 id="account-section-title" className="mb-4 text-xl font-semibold">
        Documents
      </h2>
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
      {!error && documents.length === 0 ? <p>{DOCUMENT_TEXTS.empty}</p> : null}
      {documents.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="documents-table">
            <caption className="sr-only">Documents of your orders</caption>
            <thead>
              <tr className="border-b border-black/20">
                <th scope="col" className="py-2 pr-4">
                  Type
                </th>
                <th scope="col" className="py-2 pr-4">
                  Order
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
            <tbody>
              {documents.map((document) => {
                const href = documentHref(document);
                return (
                  <tr
                    key={document.id}
                    className="border-b border-black/10"
                    data-testid="document-row"
                    data-kind={document.kind}
                  >
                    <td className="py-2 pr-4 font-medium">{document.type}</td>
                    <td className="py-2 pr-4">{document.orderNumber}</td>
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
          </table>
        </div>
      ) : null}
      <p className="mt-6 flex flex-wrap gap-4 text-sm">
        <a href="/account/privacy/export" className={textLink} download>
          Download all my data (JSON)
        </a>
        <Link to="/privacy-request" className={textLink}>
          Make a privacy request
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Documents');
