import type { TrackerPageData } from '~/lib/tracker/page';

/** The vehicle of the order: year make model trim and its picture. */
export function VehicleSummary({ vehicle, orderNumber }: Pick<TrackerPageData, 'vehicle' | 'orderNumber'>) {
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.trim}`;
  return (
    <div className="flex items-center gap-4" data-testid="vehicle-summary">
      <img
        src={vehicle.imageUrl}
        alt={name}
        width={120}
        height={80}
        className="h-20 w-30 shrink-0 rounded-tenant bg-black/5 object-cover"
        decoding="async"
      />
      <div className="min-w-0">
        <p className="font-semibold" data-testid="vehicle-name">
          {name}
        </p>
        <p className="text-sm text-gray-700">
          Order <span className="whitespace-nowrap font-mono">{orderNumber}</span>
        </p>
      </div>
    </div>
  );
}
