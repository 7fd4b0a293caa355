import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { AppointmentView } from '~/lib/tracker/appointment';
import { fulfillmentPath } from '~/lib/tracker/steps';
import { Notice } from '~/components/ui/alert-bar';
import { secondaryButton, textLink } from '~/components/ui/button';

// The scheduling page's appointment, once there is one: the thank-you after a request, the
// appointment as the loader worded it, and the way to change it. An island rendered only on a
// page with an appointment (decision 057), so the page of an order still to schedule loads none
// of it; a requested appointment, which the page checks until the dealer confirms it, is
// ./appointment-requested.tsx, so a confirmed one loads no polling.

export type AppointmentProps = {
  orderNumber: string;
  appointment: AppointmentView;
  /** The request just went: thank the shopper. */
  thanked: boolean;
  /** The scheduling form is not shown: offer to change the appointment. */
  changeLink: boolean;
};

/** The appointment: `note` says what happens next (the dealer's confirmation, or that it came). */
export function AppointmentParts({
  orderNumber,
  appointment,
  thanked,
  changeLink,
  note,
}: AppointmentProps & { note: ReactNode }) {
  const requested = appointment.state === 'Requested';
  const what = appointment.method === 'PICKUP' ? 'Pickup' : 'Delivery';
  return (
    <>
      {thanked ? (
        <Notice kind="success" title="Thank you: we sent your request to the dealer" testId="schedule-result" />
      ) : null}
      <div data-testid="appointment-state" data-state={appointment.state ?? ''} data-method={appointment.method}>
        <Notice kind={requested ? 'info' : 'success'} title={`${what} ${requested ? 'requested' : 'confirmed'}`}>
          <p>
            {appointment.when} {appointment.where}.{' '}
            <a href={`${fulfillmentPath(orderNumber)}/calendar.ics`} download className={textLink}>
              Add to my calendar
            </a>
          </p>
          {note}
        </Notice>
      </div>
      {changeLink ? (
        <p>
          <Link to={fulfillmentPath(orderNumber, { change: '1' })} className={secondaryButton}>
            Change your appointment
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** A confirmed appointment. */
export function Appointment(props: AppointmentProps) {
  return (
    <AppointmentParts
      {...props}
      note={<p className="mt-1">The dealer confirmed your appointment. We sent you the details by e-mail and text.</p>}
    />
  );
}
