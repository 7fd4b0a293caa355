import type { Fulfillment } from '~/lib/contract/tracker';
import { formatDealerDateTime } from '~/lib/shared/dealer-time';
import { formatAddress } from '~/lib/shared/address-text';

// The appointment in words, for the scheduling page: worded by its loader (decision 057), so
// the page's JavaScript has no dealer-time formatting (decision 052 had it on that page only).

/** An appointment time in words, in the dealer's zone and said so, like the scheduling page. */
export function formatAppointment(iso: string | null, timeZone: string): string {
  return (iso && formatDealerDateTime(iso, timeZone)) || 'Not scheduled';
}

/** The booked appointment as the scheduling page says it; null before one is booked. */
export type AppointmentView = {
  method: 'PICKUP' | 'DELIVERY';
  state: Fulfillment['state'];
  /** The date and time in the dealer's zone, said so. */
  when: string;
  /** 'at <location>, <address>' or 'to <address>'. */
  where: string;
};

export function appointmentView(fulfillment: Fulfillment): AppointmentView | null {
  if (!fulfillment.appointmentTime || !fulfillment.method) return null;
  const where =
    fulfillment.method === 'PICKUP'
      ? fulfillment.location
        ? `at ${fulfillment.location.name}, ${formatAddress(fulfillment.location.address)}`
        : 'at the dealership'
      : fulfillment.address
        ? `to ${formatAddress(fulfillment.address)}`
        : 'to your address';
  return {
    method: fulfillment.method,
    state: fulfillment.state,
    when: formatDealerDateTime(fulfillment.appointmentTime, fulfillment.timeZone),
    where,
  };
}
