import { fulfillmentPath } from '~/lib/tracker/steps';
import { AppointmentParts, type AppointmentProps } from './appointment';
import { CheckAgainLink, NoScriptRefresh } from './polling';
import { usePolling } from './use-polling';

// A requested appointment (./appointment.tsx): the page checks every 3 s with JavaScript (a
// meta refresh and a link without) until the dealer confirms it.

export function RequestedAppointment(props: AppointmentProps) {
  usePolling(true, 3_000);
  return (
    <AppointmentParts
      {...props}
      note={
        <p className="mt-1">
          Waiting for the dealer to confirm. This page updates by itself.{' '}
          <CheckAgainLink to={fulfillmentPath(props.orderNumber)}>Check again</CheckAgainLink>
          <NoScriptRefresh intervalMs={3_000} />
        </p>
      }
    />
  );
}
