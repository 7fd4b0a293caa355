import { useRootData } from '~/root';
import { LeadForm } from './lead-form';
import { LEAD_TEXTS } from '~/lib/leads';

// "Ask about this vehicle" on the vehicle page (issue 15 point 1): the contact-the-dealer form
// carrying the VIN. With JavaScript the shopper stays on the page; without it the post lands
// on /contact-us, which shows the outcome for this vehicle.

export function AskAboutVehicle({ vin }: { vin: string }) {
  const root = useRootData();
  if (!root) return null;
  return (
    <LeadForm
      tenant={root.tenant}
      source="vehicle"
      vin={vin}
      heading={LEAD_TEXTS.vehicleHeading}
      idPrefix="vehicle-lead"
    />
  );
}
