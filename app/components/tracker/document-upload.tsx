import { Form, useNavigation, useRevalidator } from '@remix-run/react';
import { useRef, useState, type FormEvent } from 'react';
import type { ContractDocument, DocumentKey, UploadType } from '~/lib/contract/tracker';
import { KEY_BY_TYPE, UPLOAD_TYPES } from '~/lib/contract/tracker-constants';
import type { TrackerPageData } from '~/lib/tracker/page';
import { AlertBar } from '~/components/ui/alert-bar';
import { DOCUMENT_LABEL, DOCUMENT_STATUS_LABEL } from '~/lib/tracker/copy';
import { useHydrated } from '../hydrated';
import {
  ACCEPTED_FILES,
  UPLOAD_MESSAGES,
  filePath,
  thumbnailPath,
  uploadActionPath,
  type UploadErrorKey,
} from './documents';
import { Notice } from '~/components/ui/alert-bar';
import { ProgressBar } from '~/components/ui/progress-bar';
import { SubmitButton, secondaryButton } from '~/components/ui/button';
import { labelClass } from '~/components/ui/field';
import { isRecord } from '~/lib/shared/guards';

// One document the deal needs: its status, the files uploaded for it (thumbnails, delete) and
// an upload form. The form posts multipart (field `documents`) to the upload resource route;
// with JavaScript it goes by XMLHttpRequest instead, so the page can show the upload's progress.
//
// The cards are an island of the documents page (routes/progress+/$orderNumber.doc-upload._index.tsx)
// hydrated on the shopper's first interaction with a card (decision 053): until then they are
// the server's forms, and an upload or a delete is a normal post, as without JavaScript. A file
// chosen meanwhile stays in its field (the island does not replay a file field's value).

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };

function useUploader() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const { revalidate } = useRevalidator();

  function upload(form: HTMLFormElement) {
    const body = new FormData(form);
    const files = body.getAll('documents').filter((entry): entry is File => entry instanceof File && entry.size > 0);
    if (files.length === 0) {
      setState({ phase: 'failed', message: UPLOAD_MESSAGES.noFile });
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', form.action);
    request.setRequestHeader('accept', 'application/json');
    // Seed 001 §7: an upload may take up to 7 minutes.
    request.timeout = 420_000;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        setState({ phase: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
    };
    request.onload = () => {
      let answer: unknown = {};
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        answer = {};
      }
      const reply: Record<string, unknown> = isRecord(answer) ? answer : {};
      if (request.status === 201 && reply.ok) {
        setState({ phase: 'done' });
        form.reset();
        revalidate();
      } else {
        setState({
          phase: 'failed',
          message: typeof reply.message === 'string' ? reply.message : UPLOAD_MESSAGES.failed,
        });
      }
    };
    request.onerror = request.ontimeout = () => setState({ phase: 'failed', message: UPLOAD_MESSAGES.failed });
    setState({ phase: 'uploading', percent: 0 });
    request.send(body);
  }

  return { state, upload };
}

function DocumentCard({
  orderNumber,
  dealId,
  documentKey,
  type,
  status,
  rejection,
  inReview,
  files,
  outcome,
}: {
  orderNumber: string;
  dealId: string | null;
  documentKey: DocumentKey;
  type: UploadType;
  status: ContractDocument['status'];
  /** The dealer did not accept the last upload (issue 33): why, and what to do. */
  rejection: ContractDocument['rejection'];
  /** Received and waiting for the dealer to accept it (a tenant run from the desk, issue 33). */
  inReview: boolean;
  files: ContractDocument[];
  /** What the last plain form post said (no JavaScript). */
  outcome: { uploaded: boolean; error: UploadErrorKey | null };
}) {
  const hydrated = useHydrated();
  const { state, upload } = useUploader();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const label = DOCUMENT_LABEL[documentKey];
  const inputId = `upload-${type}`;
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'delete';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    upload(event.currentTarget);
  }

  const message = state.phase === 'failed' ? state.message : outcome.error ? UPLOAD_MESSAGES[outcome.error] : null;
  const success = state.phase === 'done' || (state.phase === 'idle' && outcome.uploaded);

  return (
    <li
      className="flex flex-col gap-3 rounded-tenant border border-black/15 p-4"
      data-upload-type={type}
      data-upload-key={documentKey}
      data-upload-status={status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">{label}</h3>
        <span className="text-sm" data-testid="document-status">
          {rejection ? 'Not accepted' : inReview ? 'In review' : DOCUMENT_STATUS_LABEL[status]}
        </span>
      </div>
      {rejection ? (
        <AlertBar type="warning" title={`${rejection.reason}.`} testId="document-rejection">
          {rejection.whatToDo}
        </AlertBar>
      ) : null}
      {files.length > 0 ? (
        <ul className="flex flex-wrap gap-3" aria-label={`${label}: uploaded files`}>
          {files.map((file) => (
            <li key={file.id} className="flex w-40 flex-col gap-2 rounded-tenant bg-black/5 p-2" data-file-id={file.id}>
              {dealId ? (
                <a href={filePath(orderNumber, dealId, file.id)} target="_blank" rel="noreferrer" className="block">
                  <img
                    src={thumbnailPath(orderNumber, dealId, file.id)}
                    alt={`${label}: ${file.fileName ?? 'uploaded file'}`}
                    width={144}
                    height={96}
                    loading="lazy"
                    className="h-24 w-36 rounded-tenant bg-white object-contain"
                    data-testid="document-thumbnail"
                  />
                </a>
              ) : null}
              <span className="truncate text-sm" title={file.fileName ?? undefined}>
                {file.fileName ?? 'Uploaded file'}
              </span>
              <Form method="post" action={`/progress/${encodeURIComponent(orderNumber)}/doc-upload?index`}>
                <input type="hidden" name="documentId" value={file.id} />
                <input type="hidden" name="dealId" value={dealId ?? ''} />
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  disabled={deleting}
                  className={`${secondaryButton} min-h-9 w-full px-2 py-1 text-sm`}
                >
                  Delete<span className="sr-only"> {file.fileName ?? label}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {dealId ? (
        <form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          action={uploadActionPath(orderNumber, dealId, type)}
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-2"
          id={`upload-form-${type}`}
        >
          <label htmlFor={inputId} className={labelClass}>
            {files.length > 0
              ? `Add another file for your ${label.toLowerCase()}`
              : `Choose your ${label.toLowerCase()}`}
          </label>
          <input
            id={inputId}
            name="documents"
            type="file"
            multiple
            accept={ACCEPTED_FILES}
            aria-describedby={`${inputId}-hint${message ? ` ${inputId}-error` : ''}`}
            className="block w-full rounded-tenant border border-gray-500 bg-white p-2 text-gray-900"
          />
          <p id={`${inputId}-hint`} className="text-sm text-gray-700">
            PDF up to 4 MB, PNG or JPG up to 25 MB.
          </p>
          {state.phase === 'uploading' ? (
            <ProgressBar
              label={`Uploading… ${state.percent}%`}
              value={state.percent}
              testId={`upload-progress-${type}`}
            />
          ) : null}
          <div id={`${inputId}-error`}>
            {message ? (
              <Notice kind="error">{message}</Notice>
            ) : success ? (
              <Notice kind="success">Uploaded. Thank you.</Notice>
            ) : null}
          </div>
          <div>
            <SubmitButton loading={state.phase === 'uploading'}>Upload</SubmitButton>
          </div>
        </form>
      ) : null}
    </li>
  );
}

function typeOf(key: DocumentKey): UploadType {
  return UPLOAD_TYPES.find((type) => KEY_BY_TYPE[type] === key) ?? 'Other';
}

/** Every document the deal needs, each with its card; `lastType` is the card the last plain post was for. */
export function DocumentCards({
  orderNumber,
  dealId,
  documents,
  files,
  lastType,
  uploaded,
  error,
}: {
  orderNumber: string;
  dealId: string | null;
  documents: TrackerPageData['facts']['documents'];
  files: ContractDocument[];
  lastType: string | null;
  uploaded: boolean;
  error: UploadErrorKey | null;
}) {
  return (
    <ul className="flex flex-col gap-4">
      {documents.map((document) => {
        const type = typeOf(document.key);
        return (
          <DocumentCard
            key={document.key}
            orderNumber={orderNumber}
            dealId={dealId}
            documentKey={document.key}
            type={type}
            status={document.status}
            rejection={document.rejection}
            inReview={document.inReview === true}
            files={files.filter((file) => file.key === document.key && file.status === 'COMPLETE')}
            outcome={{ uploaded: lastType === type && uploaded, error: lastType === type ? error : null }}
          />
        );
      })}
    </ul>
  );
}
