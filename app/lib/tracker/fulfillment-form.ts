import type { Address, Fulfillment } from '~/lib/contract/tracker';
import { isWithinBusinessHours, outsideHoursMessage } from '~/lib/shared/dealer-time';
import { deliveryOutOfRangeMessage } from '~/lib/shared/pricing/delivery';

// The scheduling form's rules (seed 002 §5): date and time are both required, with the four
// messages of the seed; a date between the first and last bookable day; a time from the list;
// a pickup place, or a delivery address that goes through a verification step.

export const FULFILLMENT_MESSAGES = {
  pickupDate: 'Pickup date is required',
  pickupTime: 'Pickup time is required',
  deliveryDate: 'Delivery date is required',
  deliveryTime: 'Delivery time is required',
  dateRange: (from: string, to: string) => `Choose a date from ${from} to ${to}`,
  timeList: 'Choose one of the times offered',
  location: 'Choose a pickup location',
  street: 'Enter the street address',
  city: 'Enter the city',
  state: 'Enter the 2-letter state',
  zip: 'Enter the 5-digit Zip code',
  failed: 'We could not book your appointment. Please try again.',
} as const;

export type Method = 'PICKUP' | 'DELIVERY';

export type ScheduleInput = {
  method: Method;
  date: string;
  time: string;
  locationId: string;
  instructions: string;
  address: { street: string; line2: string; city: string; state: string; zip: string };
};

export type ScheduleErrors = Partial<
  Record<'date' | 'time' | 'locationId' | 'street' | 'city' | 'state' | 'zip' | 'form', string>
>;

/** YYYY-MM-DD → MM/DD/YYYY, the format the page shows (seed 000 §5). */
export function formatDisplayDate(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

export function readScheduleForm(form: FormData): ScheduleInput {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return {
    method: text('method') === 'DELIVERY' ? 'DELIVERY' : 'PICKUP',
    date: text('date'),
    time: text('time'),
    locationId: text('locationId'),
    instructions: text('instructions').slice(0, 200),
    address: {
      street: text('street'),
      line2: text('line2'),
      city: text('city'),
      state: text('state').toUpperCase(),
      zip: text('zip'),
    },
  };
}

/** The form's own checks, before the commerce API is asked. */
export function validateSchedule(
  input: ScheduleInput,
  window: Pick<Fulfillment, 'earliestDate' | 'latestDate' | 'businessHours' | 'timeZone' | 'pickupLocations'>,
): ScheduleErrors {
  const errors: ScheduleErrors = {};
  const pickup = input.method === 'PICKUP';
  if (!input.date) errors.date = pickup ? FULFILLMENT_MESSAGES.pickupDate : FULFILLMENT_MESSAGES.deliveryDate;
  else if (
    !/^\d{4}-\d{2}-\d{2}$/.test(input.date) ||
    input.date < window.earliestDate ||
    input.date > window.latestDate
  ) {
    errors.date = FULFILLMENT_MESSAGES.dateRange(
      formatDisplayDate(window.earliestDate),
      formatDisplayDate(window.latestDate),
    );
  }
  if (!input.time) errors.time = pickup ? FULFILLMENT_MESSAGES.pickupTime : FULFILLMENT_MESSAGES.deliveryTime;
  else if (!errors.date && !isWithinBusinessHours(input.date, input.time, window.businessHours))
    errors.time = outsideHoursMessage(window.businessHours, window.timeZone);
  if (pickup) {
    if (!window.pickupLocations.some((location) => location.id === input.locationId))
      errors.locationId = FULFILLMENT_MESSAGES.location;
  } else {
    if (input.address.street.length < 2) errors.street = FULFILLMENT_MESSAGES.street;
    if (input.address.city.length < 2) errors.city = FULFILLMENT_MESSAGES.city;
    if (!/^[A-Z]{2}$/.test(input.address.state)) errors.state = FULFILLMENT_MESSAGES.state;
    if (!/^\d{5}$/.test(input.address.zip)) errors.zip = FULFILLMENT_MESSAGES.zip;
  }
  return errors;
}

export function toAddress(input: ScheduleInput['address']): Address {
  return {
    street: input.street,
    ...(input.line2 ? { line2: input.line2 } : {}),
    city: input.city,
    state: input.state,
    zip: input.zip,
  };
}

/** The commerce API's address answers, as the page says them (seed 002 §8). */
export const ADDRESS_MESSAGES = {
  unknownZip: "Sorry, we're unable to locate the zip code you provided. Please try again.",
  stateMismatch: "Looks like your state and Zip code don't match. Please check them and try again.",
  cityMismatch: 'City and zip do not match. Please check them and try again.',
  poBox: 'P.O. boxes are not allowed. Enter a street address.',
  badStreet: 'Enter a street number followed by the street name.',
  /** The same words as checkout's Order Details (app/lib/shared/pricing/delivery.ts). */
  outOfRange: deliveryOutOfRangeMessage(null),
} as const;

/** Which field an address error belongs to, and what it says. */
export function addressError(code: string): { field: keyof ScheduleErrors; message: string } | null {
  switch (code) {
    case 'error.fulfillment.unknownZip':
      return { field: 'zip', message: ADDRESS_MESSAGES.unknownZip };
    case 'error.fulfillment.stateMismatch':
      return { field: 'state', message: ADDRESS_MESSAGES.stateMismatch };
    case 'error.fulfillment.cityMismatch':
      return { field: 'city', message: ADDRESS_MESSAGES.cityMismatch };
    case 'error.fulfillment.poBox':
      return { field: 'street', message: ADDRESS_MESSAGES.poBox };
    case 'error.fulfillment.badStreet':
      return { field: 'street', message: ADDRESS_MESSAGES.badStreet };
    case 'error.fulfillment.outOfRange':
      return { field: 'form', message: ADDRESS_MESSAGES.outOfRange };
    case 'error.fulfillment.badDate':
      return { field: 'date', message: 'Choose a date from tomorrow to 30 days from now' };
    case 'error.fulfillment.badTime':
      return { field: 'time', message: FULFILLMENT_MESSAGES.timeList };
    case 'error.fulfillment.badLocation':
      return { field: 'locationId', message: FULFILLMENT_MESSAGES.location };
    default:
      return null;
  }
}

export type ZipCheck = { zip: string; city: string; state: string; distanceMiles: number; included: boolean };

export type FulfillmentReply =
  | { kind: 'zip'; zip: string; result: ZipCheck | null; error: string | null }
  | {
      kind: 'schedule';
      input: ScheduleInput;
      errors: ScheduleErrors;
      /** The verification step of a delivery address: the address as verified, to confirm. */
      verify: { address: Address; corrected: boolean; distanceMiles: number } | null;
    };
