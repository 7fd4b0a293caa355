import { Form, Link, useNavigate, useNavigation } from '@remix-run/react';
import { useEffect } from 'react';
import type { TrackerPageData } from '~/lib/tracker/page';
import { CheckAgainLink, NoScriptRefresh, usePolling } from '~/components/tracker/polling';
import { Notice } from '~/components/ui/alert-bar';
import { SubmitButton, textLink } from '~/components/ui/button';
import { docUploadPath } from './documents';

// The ID check's actions: the form that texts the capture link, and the "check your phone"
// panel that follows the check (every 30 s with JavaScript, a refresh link without).

/** Seed 000 §9: the ID check is polled every 30 s while INITIATED. */
export const ID_POLL_MS = 30_000;

export function idPath(orderNumber: string, subPage?: string): string {
  return `/progress/${encodeURIComponent(orderNumber)}/id-verification${subPage ? `/${subPage}` : ''}`;
}

export const ID_MESSAGES = {
  noPhone: 'Your account has no mobile phone number to text the link to. Add one in your account, or call us.',
  failed: 'We could not send the text message. Please try again.',
  /** Seed 002 §5, word for word. */
  noCapture: 'Illinois residents cannot use ID capture.',
  uploadInstead: 'Upload a photo of your driver’s licence instead, and we will verify your ID from it.',
} as const;

/** Seed 002 §5: the ID step of an Illinois resident offers the licence upload, not the capture link. */
export function UploadLicenceInstead({ orderNumber }: { orderNumber: string }) {
  return (
    <Notice kind="info" title={ID_MESSAGES.noCapture} testId="id-upload-instead">
      {ID_MESSAGES.uploadInstead}{' '}
      <Link to={docUploadPath(orderNumber)} className={textLink}>
        Upload your driver’s licence
      </Link>
    </Notice>
  );
}

/** Texts the capture link (posts to the ID step's own page). */
export function SendLinkForm({
  orderNumber,
  again,
  error,
}: {
  orderNumber: string;
  again: boolean;
  error?: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'send-link';
  return (
    <Form
      method="post"
      action={`${idPath(orderNumber)}?index`}
      className="flex flex-col gap-3"
      data-testid="id-send-link"
    >
      {error ? <Notice kind="error">{error}</Notice> : null}
      <p>
        We will text a secure link to the mobile phone on your account. Open it on your phone to photograph the front
        and back of your driver’s license and take a selfie. The link expires in 24 hours.
      </p>
      <div>
        <SubmitButton value="send-link" loading={busy}>
          {again ? 'Send a new link' : 'Text me the link'}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** While the check runs: what to do on the phone, and what this page does meanwhile. */
export function CheckYourPhone({ data }: { data: TrackerPageData }) {
  const navigate = useNavigate();
  const check = data.facts.idVerification;
  const done = data.facts.orderIdCheck === 'COMPLETED' || check.status === 'SUCCESSFUL';
  const failed = !done && (check.status === 'FAILED' || check.isExpired);
  usePolling(check.status === 'INITIATED' && !check.isExpired, ID_POLL_MS);
  // A poll that brings the answer moves on to the result page.
  useEffect(() => {
    if (done) navigate(idPath(data.orderNumber, 'complete'), { replace: true });
    else if (failed) navigate(idPath(data.orderNumber, 'incomplete'), { replace: true });
  }, [done, failed, navigate, data.orderNumber]);

  if (done) {
    return (
      <Notice kind="success" title="Your ID is verified" testId="id-check-state">
        <Link to={idPath(data.orderNumber, 'complete')} className={textLink}>
          Continue
        </Link>
      </Notice>
    );
  }
  if (failed) {
    return (
      <Notice kind="warning" title="We could not verify your ID" testId="id-check-state">
        <Link to={idPath(data.orderNumber, 'incomplete')} className={textLink}>
          See what to do next
        </Link>
      </Notice>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-testid="id-check-state" data-state="waiting">
      <Notice kind="info" title="Waiting for your pictures">
        We sent the link by text message. Open it on your phone to photograph your driver’s license; it expires in 24
        hours.
      </Notice>
      <p>This page checks for the result every 30 seconds.</p>
      <NoScriptRefresh intervalMs={ID_POLL_MS} />
      <p>
        <CheckAgainLink to={idPath(data.orderNumber, 'next-steps')}>Refresh the status</CheckAgainLink>
      </p>
    </div>
  );
}
