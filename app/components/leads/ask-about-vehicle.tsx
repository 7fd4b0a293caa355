import { Suspense, lazy, useEffect, useRef, useState, type RefObject } from 'react';
import { useRootData } from '~/root';
import { LEAD_INTRO_TEXTS } from '~/lib/lead-intro';

// "Ask about this vehicle" on the vehicle page (issue 15 point 1): the contact-the-dealer form
// carrying the VIN, opened by the shopper (decision 103). Until then the section says what it is
// for and links to the contact page's form for this vehicle, which is where the link goes
// without JavaScript (/contact-us?source=vehicle&vin=…). With JavaScript the link opens the
// form here, its code loaded then, and the shopper stays on the page when it is sent.

const LeadForm = lazy(() => import('./lead-form').then((module) => ({ default: module.LeadForm })));

export function AskAboutVehicle({ vin }: { vin: string }) {
  const root = useRootData();
  const [open, setOpen] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);
  if (!root) return null;
  if (open) {
    return (
      <div ref={formRef}>
        <Suspense fallback={<Closed vin={vin} />}>
          <LeadForm
            tenant={root.tenant}
            source="vehicle"
            vin={vin}
            heading={LEAD_INTRO_TEXTS.vehicleHeading}
            idPrefix="vehicle-lead"
          />
          <FocusFirstField within={formRef} />
        </Suspense>
      </div>
    );
  }
  return <Closed vin={vin} onOpen={() => setOpen(true)} />;
}

/** The section before its form is opened: the heading, what it is for and the link. */
function Closed({ vin, onOpen }: { vin: string; onOpen?: () => void }) {
  const href = `/contact-us?${new URLSearchParams({ source: 'vehicle', vin }).toString()}#contact-form`;
  return (
    <section aria-labelledby="vehicle-lead-heading" className="rounded-tenant border border-gray-300 p-4">
      <h2 id="vehicle-lead-heading" className="text-xl font-bold">
        {LEAD_INTRO_TEXTS.vehicleHeading}
      </h2>
      <p className="mt-1 text-sm">{LEAD_INTRO_TEXTS.intro}</p>
      <a
        href={href}
        className="mt-3 inline-block font-semibold text-primary underline"
        data-testid="lead-open"
        onClick={
          onOpen
            ? (event) => {
                event.preventDefault();
                onOpen();
              }
            : undefined
        }
      >
        {LEAD_INTRO_TEXTS.write}
      </a>
    </section>
  );
}

/** Once the form has come, the focus goes to its first field, where the shopper asked for it. */
function FocusFirstField({ within }: { within: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    within.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([tabindex="-1"])')?.focus();
  }, [within]);
  return null;
}
