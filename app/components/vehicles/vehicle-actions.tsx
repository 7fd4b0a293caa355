import { CompareToggle } from './compare-toggle';
import { FavoriteButton } from './favorite-button';

// The vehicle page's Compare and Save (seed 001 §4), an island on intent (decision 058): until the
// shopper reaches for them they are the server's forms, and a press before their code is here is
// held and done once it is.

type VehicleActionsProps = {
  vin: string;
  /** '2024 Honda Civic', for the buttons' names. */
  vehicleName: string;
  compared: boolean;
  /** Whether the vehicle is saved; null leaves the heart out (favourites off). */
  saved: boolean | null;
};

export function VehicleActions({ vin, vehicleName, compared, saved }: VehicleActionsProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <CompareToggle vin={vin} checked={compared} vehicleName={vehicleName} />
      {saved === null ? null : (
        <div className="flex items-center gap-1">
          <FavoriteButton vin={vin} saved={saved} vehicleName={vehicleName} messagePlacement="below" />
          <span className="text-sm font-semibold">Save</span>
        </div>
      )}
    </div>
  );
}
