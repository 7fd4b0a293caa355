import type { TrackerPageData } from '~/lib/tracker/page';
import { stepPath } from '~/lib/tracker/steps';
export { SendLinkForm } from './id-send-link';
import { CheckYourPhone } from './id-check';
import { IdCheckFollowUp } from './id-check-follow-up';

// The ID check's actions, islands all (decision 057): the form that texts the capture link
// (./id-send-link.tsx) hydrates on the shopper's first interaction with it (until then it posts
// as without JavaScript); while the check runs, the "check your phone" panel (./id-check.tsx:
// links and text) hydrates when the shopper reaches for it or the page checks again, and the
// checking itself (./id-check-follow-up.tsx: every 30 s with JavaScript, a refresh link
// without) loads with a page that shows a running check.

/** Seed 000 §9: the ID check is polled every 30 s while INITIATED. */
export const ID_POLL_MS = 30_000;

export function idPath(orderNumber: string, subPage?: string): string {
  return stepPath(orderNumber, 'VERIFY_ID', subPage);
}

export const ID_MESSAGES = {
  noPhone: 'Your account has no mobile phone number to text the link to. Add one in your account, or call us.',
  failed: 'We could not send the text message. Please try again.',
  /** Seed 002 §5, word for word. */
  noCapture: 'Illinois residents cannot use ID capture.',
  uploadInstead: 'Upload a photo of your driver’s licence instead, and we will verify your ID from it.',
} as const;

/** Where the check stands: done, failed (or the link expired), or still running. */
export function idCheckState(data: TrackerPageData): 'done' | 'failed' | 'waiting' {
  const check = data.facts.idVerification;
  if (data.facts.orderIdCheck === 'COMPLETED' || check.status === 'SUCCESSFUL') return 'done';
  return check.status === 'FAILED' || check.isExpired ? 'failed' : 'waiting';
}

/** The send-link form's id (the page gives it to the form): its chunk starts on the first interaction inside it. */
export const SEND_LINK_FORM_ID = 'id-send-link';

/** The running check: the panel, and the page asking again until an answer moves it on. */
export function IdCheck({ data }: { data: TrackerPageData }) {
  return (
    <>
      <IdCheckFollowUp data={data} />
      <CheckYourPhone data={data} />
    </>
  );
}
