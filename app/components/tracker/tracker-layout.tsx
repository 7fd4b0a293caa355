import type { ReactNode } from 'react';
import type { TrackerPageData } from '~/lib/tracker/page';
import { MessageBanner } from './message-banner';
import { MobileStepMenuIsland } from './mobile-step-island';
import { StepList } from './step-list';
import { VehicleSummary } from './vehicle-summary';

/**
 * The tracker around a step page (seed 000 §2.2): the message banner, the vehicle, the side
 * list of steps from 960 px and the collapsible 'n of total' header below it.
 */
export function TrackerLayout({ data, children }: { data: TrackerPageData; children: ReactNode }) {
  return (
    <div
      className="mx-auto w-full max-w-[1280px] px-4 py-6 laptop:px-8"
      data-testid="tracker"
      data-order-number={data.orderNumber}
    >
      <MessageBanner banner={data.banner} orderNumber={data.orderNumber} />
      <div className="flex flex-col gap-6 md:grid md:grid-cols-[300px_minmax(0,1fr)] md:gap-10">
        <div className="flex flex-col gap-6">
          <VehicleSummary vehicle={data.vehicle} orderNumber={data.orderNumber} />
          {/* One box for both step lists, only one of which shows at a width: the island's wrapper
              adds no gap where its menu is hidden, and sits in a hidden box from 960 px, so it is
              never in sight there and its chunk never starts on a laptop. */}
          <div>
            <StepList steps={data.steps} currentStep={data.currentStep} />
            <div className="md:hidden">
              <MobileStepMenuIsland steps={data.steps} currentStep={data.currentStep} />
            </div>
          </div>
        </div>
        <main className="min-w-0" data-testid="tracker-step">
          {children}
        </main>
      </div>
    </div>
  );
}
