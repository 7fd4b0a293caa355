import { Link } from '@remix-run/react';
import type { TrackerPageData, TrackerStepItem } from '~/lib/tracker/page';
import { STEP_APPEARANCE, STEP_STATUS_LABEL } from '~/lib/tracker/steps';
import { StepMarker } from './step-marker';

type StepListProps = Pick<TrackerPageData, 'steps' | 'currentStep'>;

const TITLE_CLASS = {
  disabled: 'text-gray-700',
  active: 'font-semibold',
  completed: '',
  warning: 'font-semibold',
} as const;

function StepRow({ item, number, current }: { item: TrackerStepItem; number: number; current: boolean }) {
  const appearance = STEP_APPEARANCE[item.status];
  const face = (
    <>
      <StepMarker status={item.status} number={number} />
      <span className="flex min-w-0 flex-col">
        <span className={TITLE_CLASS[appearance]}>{item.title}</span>
        <span className="text-sm text-gray-700">{STEP_STATUS_LABEL[item.status]}</span>
      </span>
    </>
  );
  const rowClass = `flex items-center gap-3 rounded-tenant px-3 py-2 ${current ? 'bg-black/5 ring-2 ring-primary' : ''}`;
  return (
    <li data-step={item.step} data-status={item.status} aria-current={current ? 'step' : undefined}>
      {/* A step that is not ready cannot be opened: no link, just its name and status. */}
      {item.href ? (
        <Link to={item.href} className={`${rowClass} hover:bg-black/5`}>
          {face}
        </Link>
      ) : (
        <span className={rowClass}>{face}</span>
      )}
    </li>
  );
}

/**
 * The desktop side list (960 px and up). This list is the one machines read: each item
 * carries data-step and data-status in sequence order, and the page's step aria-current="step".
 */
export function StepList({ steps, currentStep }: StepListProps) {
  return (
    <nav aria-label="Order progress" className="hidden md:block" data-testid="tracker-steps">
      <ol className="flex flex-col gap-1">
        {steps.map((item, index) => (
          <StepRow key={item.step} item={item} number={index + 1} current={item.step === currentStep} />
        ))}
      </ol>
    </nav>
  );
}
