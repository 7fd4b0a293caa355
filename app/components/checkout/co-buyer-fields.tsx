import { useHydrated } from '~/components/hydrated';
import { CO_BUYER_TEXTS as T } from '~/lib/shared/co-buyer-texts';
import { CheckboxField, Section, TextField, useTicked } from './credit-application/fields';

// The co-buyer of a cash order on Order Details (seed 002 §2; issue 12 item 6), inside the
// form's FormProvider. Without JavaScript every field shows and is read only when "Add a
// co-buyer" is ticked; with it, the fields open with the box, and the address with "Same
// address as buyer" unticked. The ticks are read from the form's values (the saved co-buyer is
// the form's default), so a box ticked before the form hydrated (decision 056) counts.

export function CashCoBuyerFields() {
  const hydrated = useHydrated();
  const open = useTicked('hasCoBuyer');
  const same = useTicked('coBuyer.sameAddressAsBuyer');
  return (
    <Section legend={T.legend} testId="co-buyer">
      <p className="text-sm text-gray-700">{T.hint}</p>
      <CheckboxField name="hasCoBuyer">{T.add}</CheckboxField>
      {!hydrated || open ? (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField name="coBuyer.firstName" label={T.firstName} autoComplete="off" />
          <TextField name="coBuyer.lastName" label={T.lastName} autoComplete="off" />
          <TextField name="coBuyer.email" label={T.email} type="email" autoComplete="off" />
          <TextField name="coBuyer.phone" label={T.phone} mask="phone" autoComplete="off" />
          <div className="sm:col-span-2">
            <CheckboxField name="coBuyer.sameAddressAsBuyer">{T.sameAddress}</CheckboxField>
          </div>
          {!hydrated || !same ? (
            <>
              <div className="sm:col-span-2">
                <TextField name="coBuyer.address.addressLine1" label={T.addressLine1} autoComplete="off" />
              </div>
              <TextField name="coBuyer.address.city" label={T.city} autoComplete="off" />
              <TextField name="coBuyer.address.state" label={T.state} autoComplete="off" maxLength={2} />
              <TextField name="coBuyer.address.zip" label={T.zip} mask="zip" autoComplete="off" />
            </>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}
