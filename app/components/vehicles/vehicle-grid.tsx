import type { CardModel } from '~/lib/search/card-model';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { CardSprite } from './card-sprite';
import { VehicleCard, type VehicleCardProps } from './vehicle-card';

// A list of cards, as many columns as fit at the cards' minimum width of 260 px (seed 001 §9).

type VehicleGridProps = {
  vehicles: readonly CardModel[];
  tenant: Pick<PublicTenant, 'dealerPhone'>;
  showPriceGuide: boolean;
  /** The saved VINs; null leaves the hearts out (favourites off). */
  favorites: readonly string[] | null;
  /** The VINs being compared; null leaves the Compare checkboxes out. */
  compare: readonly string[] | null;
  headingLevel?: 2 | 3;
  /** How many of the first cards load their pictures at once. */
  eagerImages?: number;
  label?: string;
  after?: (vehicle: CardModel) => VehicleCardProps['after'];
  /** Replaces the auto-fill columns (the comparison lines its cards up with its table). */
  columns?: { className: string; style?: React.CSSProperties };
};

export function VehicleGrid({
  vehicles,
  tenant,
  showPriceGuide,
  favorites,
  compare,
  headingLevel = 3,
  eagerImages = 4,
  label,
  after,
  columns,
}: VehicleGridProps) {
  return (
    <CardSprite>
      <ul
        className={columns?.className ?? 'grid grid-cols-[repeat(auto-fill,minmax(260px,1fr))] gap-4'}
        style={columns?.style}
        aria-label={label}
        data-testid="vehicle-list"
      >
        {vehicles.map((vehicle, index) => (
          <li key={vehicle.vin} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <VehicleCard
                vehicle={vehicle}
                tenant={tenant}
                showPriceGuide={showPriceGuide}
                // Sold vehicles cannot be saved or compared: their cards have no footer.
                favorite={
                  favorites && vehicle.status !== 'Sold' ? { saved: favorites.includes(vehicle.vin) } : undefined
                }
                compare={compare && vehicle.status !== 'Sold' ? { checked: compare.includes(vehicle.vin) } : undefined}
                headingLevel={headingLevel}
                eagerImage={index < eagerImages}
                priorityImage={index === 0 && eagerImages > 0}
                after={after?.(vehicle)}
              />
            </div>
          </li>
        ))}
      </ul>
    </CardSprite>
  );
}
