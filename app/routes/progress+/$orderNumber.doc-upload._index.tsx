import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { docUploadPath, isUploadErrorKey } from '~/components/tracker/documents';
import { StepActions, StepFacts, StepNotice, useTrackerPage } from '~/components/tracker/step-page';
import { stepPath } from '~/lib/tracker/steps';
import type { ContractDocument } from '~/lib/contract/tracker';
import { requireDealId, requireStepContext, stepRedirect, tryApi } from './$orderNumber.steps.server';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import { endpoints } from '~/lib/contract/endpoints';
import { DocumentCards } from '~/components/tracker/document-upload';

// UPLOAD_DOCUMENTS: one card per document the deal needs, each with its files (thumbnails,
// delete) and an upload form (seed 001 §7, seed 002 §5). Uploads go through the files route.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const step = await requireStepContext(request, params);
  const dealId = await requireDealId(step);
  const files = await tryApi(step.api, endpoints.documents.list, { params: { dealId } });
  // An upload without JavaScript comes back with its error in the address (files route).
  const error = new URL(request.url).searchParams.get('error');
  return {
    dealId,
    files: files.ok ? files.value.documents : [],
    filesFailed: !files.ok,
    uploadError: isUploadErrorKey(error) ? error : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const step = await requireStepContext(request, params);
  const form = await request.formData();
  if (form.get('intent') !== 'delete') throw data(null, { status: 400 });
  const dealId = String(form.get('dealId') ?? '');
  const documentId = String(form.get('documentId') ?? '');
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(dealId) || !/^[0-9a-fA-F-]{36}$/.test(documentId))
    throw data(null, { status: 400 });
  const deleted = await tryApi(step.api, endpoints.documents.remove, { params: { dealId, docId: documentId } });
  if (!deleted.ok && deleted.error.status !== 404) return data({ deleteFailed: true }, { status: 502 });
  return stepRedirect(request, `${docUploadPath(step.orderNumber)}?deleted=1`);
}

/** The same empty list on every render: the island's props must not change while it waits. */
const NO_FILES: ContractDocument[] = [];

export default function DocumentUploadPage() {
  const data = useTrackerPage();
  const extra = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const complete =
    data.facts.documents.length > 0 && data.facts.documents.every((document) => document.status === 'COMPLETE');
  return (
    <>
      <StepFacts title="Documents we need" facts={data.stepFacts} />
      <StepActions step="UPLOAD_DOCUMENTS" title="Upload your documents">
        <p>
          Upload each document below as a PDF (up to 4 MB) or a PNG or JPG picture (up to 25 MB). Documents are deleted
          60 days after upload.
        </p>
        {search.get('deleted') ? <StepNotice kind="info" text="The file was deleted." /> : null}
        {extra?.filesFailed ? (
          <StepNotice
            kind="warning"
            text="We could not load your uploaded files just now. Reload the page to see them."
          />
        ) : null}
        <DocumentCards
          orderNumber={data.orderNumber}
          dealId={extra?.dealId ?? null}
          documents={data.facts.documents}
          files={extra?.files ?? NO_FILES}
          lastType={search.get('type')}
          uploaded={search.get('uploaded') === '1'}
          error={extra?.uploadError ?? null}
        />
        <div className="flex flex-wrap gap-3">
          <Link
            to={stepPath(data.orderNumber, 'UPLOAD_DOCUMENTS', 'summary')}
            className={complete ? primaryButton : secondaryButton}
            data-testid="documents-summary-link"
          >
            Review my documents
          </Link>
        </div>
      </StepActions>
    </>
  );
}
