import type { TrackerPageData } from '~/lib/tracker/page';
import { StepList } from './step-list';
import { VehicleSummary } from './vehicle-summary';

/** The side of the tracker: the vehicle, and from 960 px the list of steps. */
export function TrackerSide({
  vehicle,
  orderNumber,
  steps,
  currentStep,
}: Pick<TrackerPageData, 'vehicle' | 'orderNumber' | 'steps' | 'currentStep'>) {
  return (
    <div className="flex flex-col gap-6">
      <VehicleSummary vehicle={vehicle} orderNumber={orderNumber} />
      <StepList steps={steps} currentStep={currentStep} />
    </div>
  );
}
