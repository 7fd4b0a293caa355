import { Link } from '@remix-run/react';
import { ChevronDownIcon } from '~/components/icons';
import type { TrackerPageData, TrackerStepItem } from '~/lib/tracker/page';
import { STEP_STATUS_LABEL } from '~/lib/tracker/steps';
import { StepMarker } from './step-marker';

export type MobileStepMenuProps = Pick<TrackerPageData, 'steps' | 'currentStep'>;

export const triggerClass =
  'flex w-full cursor-pointer list-none items-center gap-3 rounded-tenant border border-black/15 bg-surface px-3 py-3 text-left [&::-webkit-details-marker]:hidden';

// The mobile step menu's pieces, shared by its <details> form and its Headless UI form.

/** The collapsed header: 'n of total', the page's step and its status. */
export function Face({ steps, currentStep }: MobileStepMenuProps) {
  const index = Math.max(
    0,
    steps.findIndex((item) => item.step === currentStep),
  );
  const current = steps[index];
  return (
    <>
      {current ? <StepMarker status={current.status} number={index + 1} /> : null}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm text-gray-700" data-testid="tracker-step-count">
          {index + 1} of {steps.length}
        </span>
        <span className="font-semibold">{current?.title}</span>
        {current ? <span className="text-sm text-gray-700">{STEP_STATUS_LABEL[current.status]}</span> : null}
      </span>
      <span className="sr-only">: show all steps</span>
      <ChevronDownIcon className="size-5 shrink-0" />
    </>
  );
}

export function Options({ steps, currentStep, onPick }: MobileStepMenuProps & { onPick?: () => void }) {
  return (
    <ol className="mt-2 flex flex-col gap-1 rounded-tenant border border-black/15 bg-surface p-2">
      {steps.map((item: TrackerStepItem, index) => {
        const current = item.step === currentStep;
        const face = (
          <>
            <StepMarker status={item.status} number={index + 1} />
            <span className="flex flex-col">
              <span className={current ? 'font-semibold' : ''}>
                <span className="sr-only">Step </span>
                {index + 1} of {steps.length}: {item.title}
              </span>
              <span className="text-sm text-gray-700">{STEP_STATUS_LABEL[item.status]}</span>
            </span>
          </>
        );
        const rowClass = `flex items-center gap-3 rounded-tenant px-2 py-2 ${current ? 'bg-black/5' : ''}`;
        return (
          <li key={item.step}>
            {item.href ? (
              <Link
                to={item.href}
                className={`${rowClass} hover:bg-black/5`}
                aria-current={current ? 'page' : undefined}
                onClick={onPick}
              >
                {face}
              </Link>
            ) : (
              <span className={rowClass}>{face}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
