import type { VehicleStatus } from '~/lib/contract/inventory';

// A vehicle's availability (seed 001 §3 inventory status): Available, Sale Pending with its
// explanation (seed 002 §4), or Sold.

export const AVAILABILITY_TEXTS: Record<VehicleStatus, { label: string; explanation: string }> = {
  Available: { label: 'Available', explanation: 'This vehicle is available to buy online.' },
  PendingSale: {
    label: 'Sale Pending',
    explanation: 'Another customer is ordering this vehicle. It is released if they do not continue.',
  },
  Sold: { label: 'Sold', explanation: 'This vehicle has been sold.' },
};

const TONES: Record<VehicleStatus, string> = {
  Available: 'bg-green-700 text-white',
  PendingSale: 'bg-accent text-accent-contrast',
  Sold: 'bg-gray-700 text-white',
};

/** What the shopper who holds the vehicle for their own checkout reads instead of Sale Pending. */
export const HELD_FOR_YOU_TEXT = {
  label: 'Held for you',
  explanation: 'This vehicle is on hold while you finish your purchase.',
};

export function Availability({ status, heldForYou = false }: { status: VehicleStatus; heldForYou?: boolean }) {
  const text = heldForYou && status === 'PendingSale' ? HELD_FOR_YOU_TEXT : AVAILABILITY_TEXTS[status];
  return (
    <div className="space-y-1" data-testid="availability" data-status={status}>
      <p>
        <span className="sr-only">Availability: </span>
        <span className={`inline-block rounded-full px-3 py-1 text-sm font-bold ${TONES[status]}`}>{text.label}</span>
      </p>
      <p className="text-sm">{text.explanation}</p>
    </div>
  );
}
