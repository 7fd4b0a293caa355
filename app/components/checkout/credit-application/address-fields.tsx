import { APPLICANT_LIMITS as L } from '~/lib/shared/validation/applicant-messages';
import { UNIT_TYPES, US_STATES } from '~/lib/shared/validation/address-rules';
import { SelectField, TextField, type Option } from './fields';

const STATE_OPTIONS: Option[] = Object.entries(US_STATES).map(([code, name]) => [code, name] as const);
const UNIT_OPTIONS: Option[] = UNIT_TYPES.map((type) => [type, type] as const);

/** An address under `prefix` ('address', 'coBuyer.address', 'previousAddresses[0]'); the home address asks for the county. */
export function AddressFields({
  prefix,
  county = false,
  autoComplete = true,
}: {
  prefix: string;
  county?: boolean;
  autoComplete?: boolean;
}) {
  const ac = (value: string) => (autoComplete ? value : 'off');
  return (
    <div className="grid gap-x-4 gap-y-1 tablet:grid-cols-2">
      <div className="tablet:col-span-2">
        <TextField
          name={`${prefix}.addressLine1`}
          label="Street address"
          maxLength={L.streetLineMax}
          counter
          autoComplete={ac('address-line1')}
          hint={county ? 'Street number and name. P.O. boxes are not accepted.' : undefined}
        />
      </div>
      <SelectField name={`${prefix}.unitType`} label="Apartment or suite type (optional)" options={UNIT_OPTIONS} />
      <TextField
        name={`${prefix}.addressLine2`}
        label="Apartment or suite details (optional)"
        maxLength={L.addressLine2Max}
        counter
        autoComplete={ac('address-line2')}
      />
      <TextField name={`${prefix}.city`} label="City" maxLength={L.cityMax} autoComplete={ac('address-level2')} />
      <SelectField name={`${prefix}.state`} label="State" options={STATE_OPTIONS} autoComplete={ac('address-level1')} />
      <TextField name={`${prefix}.zip`} label="Zip code" mask="zip" autoComplete={ac('postal-code')} />
      {county ? <TextField name={`${prefix}.county`} label="County" maxLength={L.countyMax} counter /> : null}
    </div>
  );
}
