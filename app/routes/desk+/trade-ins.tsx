import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { DeskFrame } from '~/components/desk/desk-frame';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { ApiError } from '~/lib/api.server';
import { TRADE_IN_VALUE_MAX_CENTS, type DeskTradeIn } from '~/lib/contract/desk';
import { endpoints } from '~/lib/contract/endpoints';
import { formErrors } from '~/lib/desk/forms';
import { deskMeta } from '~/lib/desk/meta';
import { commitDeskSession, deskCall, requireStaffPage } from '~/lib/desk/session.server';
import { when } from '~/lib/desk/when';
import { formatCurrencyInputValue, formatUsd } from '~/lib/shared/money';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { dollarsSchema } from '~/lib/shared/validation/money';

// Trade-ins in further review at the desk (issue 33): staff give the value in whole dollars or
// deny the offer, one plain form per offer; the shopper's trade-in page then shows the outcome.

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, context, staff } = await requireStaffPage(request);
  const offers = await deskCall(context, endpoints.desk.tradeIns);
  const notice = session.get('notice') ?? null;
  return data(
    { staff, offers: offers.data, notice, timeZone: getTenantForRequest(request).timeZone },
    { headers: { 'set-cookie': await commitDeskSession(request, session), 'cache-control': 'no-store' } },
  );
}

const VALUE_MESSAGES = {
  required: 'Enter the value you offer',
  invalid: 'Enter the value in whole dollars, like 19,500',
  range: `Enter a value from $1 to ${formatUsd(TRADE_IN_VALUE_MAX_CENTS)}`,
};

const reviewFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('value'),
    offerId: z.string().min(1).max(100),
    value: dollarsSchema(VALUE_MESSAGES, 1, TRADE_IN_VALUE_MAX_CENTS / 100),
  }),
  z.object({ intent: z.literal('deny'), offerId: z.string().min(1).max(100) }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const { session, context } = await requireStaffPage(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = reviewFormSchema.safeParse(form);
  if (!parsed.success) {
    return data(
      { offerId: String(form.offerId ?? ''), errors: formErrors(parsed.error), value: String(form.value ?? '') },
      { status: 400 },
    );
  }
  const input = parsed.data;
  try {
    await deskCall(context, endpoints.desk.reviewTradeIn, {
      params: { offerId: input.offerId },
      json: input.intent === 'value' ? { decision: 'value', offerCents: input.value * 100 } : { decision: 'deny' },
    });
    session.flash('notice', {
      type: 'success',
      message:
        input.intent === 'value'
          ? `Offer of ${formatUsd(input.value * 100)} sent: the shopper sees it on their trade-in page.`
          : 'Trade-in denied: the shopper sees it on their trade-in page.',
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    session.flash('notice', { type: 'warning', message: 'Someone acted first: this offer is no longer in review.' });
  }
  return redirect('/desk/trade-ins', { headers: { 'set-cookie': await commitDeskSession(request, session) } });
}

export const meta: MetaFunction = ({ matches }) => deskMeta(matches, 'Trade-ins');

function ReviewForms({
  offer,
  failed,
}: {
  offer: DeskTradeIn;
  failed: { errors: Record<string, string>; value: string } | null;
}) {
  const suggested =
    offer.suggestedCents === null ? '' : formatCurrencyInputValue(offer.suggestedCents, { wholeDollars: true });
  return (
    <div className="mt-2 flex flex-wrap items-end gap-3">
      <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
        <input type="hidden" name="offerId" value={offer.id} />
        <Field
          id={`value-${offer.id}`}
          name="value"
          label="Value in dollars"
          inputMode="numeric"
          defaultValue={failed ? failed.value : suggested}
          errors={failed?.errors.value}
        />
        <button type="submit" name="intent" value="value" className={primaryButton}>
          Offer this value<span className="sr-only"> for the {offer.vehicle}</span>
        </button>
      </Form>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="offerId" value={offer.id} />
        <button type="submit" name="intent" value="deny" className={secondaryButton}>
          Deny<span className="sr-only"> the {offer.vehicle}</span>
        </button>
      </Form>
    </div>
  );
}

export default function DeskTradeIns() {
  const { staff, offers, notice, timeZone } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <DeskFrame staff={staff} title="Trade-ins in review" notice={notice}>
      {offers.length === 0 ? (
        <p>No trade-in waits for a review.</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-tenant border border-gray-300" aria-label="Trade-ins in review">
          {offers.map((offer) => (
            <li key={offer.id} id={`trade-in-${offer.id}`} className="p-3" data-testid="desk-trade-in">
              <h2 className="font-semibold">{offer.vehicle}</h2>
              <p className="text-sm">
                VIN {offer.vin} · {offer.mileage.toLocaleString('en-US')} miles · {offer.condition} ·{' '}
                {offer.registrationState}
                {offer.shopperEmail ? ` · ${offer.shopperEmail}` : ''}
              </p>
              <p className="text-sm">
                Asked {when(offer.createdAt, timeZone)}
                {offer.readyAt ? ` · shopper told to expect an answer by ${when(offer.readyAt, timeZone)}` : ''}
                {offer.suggestedCents !== null ? ` · appraiser suggests ${formatUsd(offer.suggestedCents)}` : ''}
              </p>
              <ReviewForms offer={offer} failed={failed && failed.offerId === offer.id ? failed : null} />
            </li>
          ))}
        </ul>
      )}
    </DeskFrame>
  );
}
