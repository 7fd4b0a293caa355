import { APPLICATION_STEP_LABELS, type StepPageData } from '../../../lib/checkout/credit-application-steps';

/** 'Step n of N' of the application's own steps, and the step's name. */
export function StepHeading({
  page,
  intro,
}: {
  page: Pick<StepPageData, 'step' | 'number' | 'total'>;
  intro?: string;
}) {
  return (
    <div>
      <p className="text-sm font-semibold text-gray-700" data-testid="application-step-count">
        Step {page.number} of {page.total}
      </p>
      <h2 className="text-xl font-semibold">{APPLICATION_STEP_LABELS[page.step]}</h2>
      {intro ? <p className="mt-1 text-sm">{intro}</p> : null}
    </div>
  );
}
