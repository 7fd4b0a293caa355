import { Link } from '@remix-run/react';
import { CallUs } from './step-page';
import { Notice, type NoticeKind } from '~/components/ui/alert-bar';

// A step's notice (its result, what went wrong, what to do), rendered by the step pages as
// StepNotice (./step-page.tsx): an island started when a page renders one, so a page that shows
// no notice loads none of the alert bar's code (decision 057). Its props are strings only, the
// same on every render, as an island's must be.

export type StepNoticeProps = {
  kind: NoticeKind;
  title?: string;
  testId?: string;
  /** The text, then an optional link, more text and the tenant's phone, in that order. */
  text?: string;
  linkTo?: string;
  linkLabel?: string;
  after?: string;
  /** The words before the tenant's phone ("Questions? Call"); no phone without them. */
  callUs?: string;
};

export function StepNoticeBox({ kind, title, testId, text, linkTo, linkLabel, after, callUs }: StepNoticeProps) {
  const body = [
    text,
    linkTo && linkLabel ? (
      // The kit's text link (textLink), written out: a notice loads no button code (decision 057).
      <Link key="link" to={linkTo} className="font-semibold text-primary underline">
        {linkLabel}
      </Link>
    ) : null,
    after,
    callUs ? <CallUs key="call" prefix={callUs} /> : null,
  ].filter((part) => part !== null && part !== undefined && part !== '');
  return (
    <Notice kind={kind} title={title} testId={testId}>
      {body.length > 0 ? body.flatMap((part, index) => (index === 0 ? [part] : [' ', part])) : null}
    </Notice>
  );
}
