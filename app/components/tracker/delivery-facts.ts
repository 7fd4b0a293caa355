import { formatAppointment } from '~/lib/tracker/appointment';
import { humanizeCode } from '~/lib/tracker/codes';
import type { TrackerPageData } from '~/lib/tracker/page';
import type { Fact } from './step-page';

// The scheduling page's facts: the only ones with a time, so the only ones with the dealer-time
// formatting (decision 052).

type Data = Pick<TrackerPageData, 'facts' | 'dealType'>;

/** The appointment in the dealer's zone (timeZone: the tenant's, as on the scheduling form). */
export function deliveryFacts({ facts, dealType }: Data, timeZone: string): Fact[] {
  return [
    { label: 'Appointment', value: formatAppointment(facts.appointmentTime, timeZone), testId: 'fact-appointment' },
    { label: 'Purchase type', value: dealType, testId: 'fact-deal-type' },
    { label: 'Payment status', value: humanizeCode(facts.paymentStatus, 'Not started'), testId: 'fact-payment-status' },
  ];
}
