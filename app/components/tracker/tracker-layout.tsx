import type { ReactNode } from 'react';
import type { TrackerPageData } from '~/lib/tracker/page';
import { MessageBanner } from '~/components/tracker/message-banner';
import { MobileStepMenu } from '~/components/tracker/mobile-step-menu';
import { TrackerSide } from '~/components/tracker/tracker-side';

/**
 * The tracker around a step page (seed 000 §2.2): the message banner, the vehicle, the side
 * list of steps from 960 px and the collapsible 'n of total' header below it. The side and the
 * header are islands (tracker-islands.ts): the step page's JavaScript has none of their code.
 */
export function TrackerLayout({ data, children }: { data: TrackerPageData; children: ReactNode }) {
  return (
    <div
      className="mx-auto w-full max-w-[1280px] px-4 py-6 laptop:px-8"
      data-testid="tracker"
      data-order-number={data.orderNumber}
    >
      {data.banner ? <MessageBanner banner={data.banner} orderNumber={data.orderNumber} /> : null}
      <div className="flex flex-col gap-6 md:grid md:grid-cols-[300px_minmax(0,1fr)] md:gap-10">
        <div className="flex flex-col gap-6">
          <TrackerSide
            vehicle={data.vehicle}
            orderNumber={data.orderNumber}
            steps={data.steps}
            currentStep={data.currentStep}
          />
          {/* Hidden from 960 px, so the menu's island is never in sight there and its chunk never
              starts on a laptop (a hidden box is not a flex item: no gap either). */}
          <div className="md:hidden">
            <MobileStepMenu steps={data.steps} currentStep={data.currentStep} />
          </div>
        </div>
        <main className="min-w-0" data-testid="tracker-step">
          {children}
        </main>
      </div>
    </div>
  );
}
