import { useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ShellData } from '~/lib/shell.server';
import type { Fact, TrackerPageData } from '~/lib/tracker/page';
import { STEP_TITLE, type WorkStep } from '~/lib/tracker/steps';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import { StepLayout } from '~/components/ui/step-layout';
import { StepStatusBadge } from './step-status';

/** The route id of the /progress/$orderNumber layout, whose loader every step page reads. */
export const TRACKER_ROUTE_ID = 'routes/progress+/$orderNumber';

/** The tracker data of the layout route; step pages render inside it, so it is always there. */
export function useTrackerPage(): TrackerPageData {
  const data = useRouteLoaderData<TrackerPageData>(TRACKER_ROUTE_ID);
  if (!data) throw new Error('useTrackerPage is for routes under /progress/$orderNumber');
  return data;
}

/** The status of a step in this order (a step the order does not have reads NOT_READY). */
export function stepStatusOf(data: TrackerPageData, step: WorkStep) {
  return data.steps.find((item) => item.step === step)?.status ?? 'NOT_READY';
}

/** A step's page: its title, its status and what the shopper needs to do, then the page's content. */
export function StepPage({ data, step, children }: { data: TrackerPageData; step: WorkStep; children?: ReactNode }) {
  const status = stepStatusOf(data, step);
  return (
    <StepLayout
      title={STEP_TITLE[step]}
      badge={<StepStatusBadge status={status} />}
      guidance={data.guidance[step] ?? ''}
      testId="step-page"
      data-page-step={step}
      data-page-status={status}
    >
      {children}
    </StepLayout>
  );
}

/** What the commerce API says about this step, as label and value pairs (the loader's `stepFacts`). */
export function StepFacts({ title = 'Details', facts }: { title?: string; facts: readonly Fact[] }) {
  return (
    <section aria-labelledby="step-facts-title" className="rounded-tenant border border-black/15 p-4">
      <h2 id="step-facts-title" className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 tablet:grid-cols-[max-content_1fr]">
        {facts.map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="font-medium text-gray-700">{fact.label}</dt>
            <dd data-testid={fact.testId}>
              {fact.document ? (
                <span data-document={fact.document.key} data-document-status={fact.document.status}>
                  {fact.value}
                  {fact.note ? <span className="text-gray-700"> ({fact.note})</span> : null}
                </span>
              ) : (
                fact.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A short note for a result page (complete, declined, thank you…). */
export function ResultNote({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section
      className="rounded-tenant bg-black/5 p-4"
      data-testid={testId}
      aria-labelledby={testId ? `${testId}-title` : undefined}
    >
      <h2 id={testId ? `${testId}-title` : undefined} className="mb-1 text-lg font-semibold">
        {title}
      </h2>
      <div>{children}</div>
    </section>
  );
}

/** Where a step's actions go: forms and links the shopper uses to move the order along. */
export function StepActions({ step, title, children }: { step: WorkStep; title: string; children: ReactNode }) {
  const headingId = `step-actions-${step.toLowerCase()}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-tenant border border-black/15 p-4 tablet:p-6"
      data-step-actions={step}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The tenant's phone as a link, for "call us" lines. */
export function CallUs({ prefix = 'Questions? Call' }: { prefix?: string }) {
  const root = useRouteLoaderData<ShellData>('root');
  if (!root) return null;
  return (
    <>
      {prefix}{' '}
      <a href={phoneHref(root.tenant)} className="font-semibold text-primary underline">
        {formatPhone(root.tenant.dealerPhone.number)}
      </a>
    </>
  );
}

/** A step's notice (./step-notice.tsx). */
export { StepNoticeBox as StepNotice } from './step-notice';
