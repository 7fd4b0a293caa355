import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useState } from 'react';
import { DEAL_TYPE_LABELS } from '~/lib/checkout/deal-terms';
import type { DealType } from '~/lib/contract/orders';
import { useHydrated } from '../hydrated';
import { Dialog } from '~/components/ui/dialog';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import { isOneOf, keysOf } from '~/lib/shared/guards';

// The purchase-type switch of seed 002 §4: Cash, Finance or Lease (as the tenant allows), with
// a confirmation before the cart changes. With JavaScript the confirmation is a dialog; without
// it the form posts unconfirmed and the server answers with a confirmation step (this
// component again, with `confirming` set), whose form posts the confirmed switch.

export const SWITCH_TEXTS = {
  legend: 'Purchase type',
  current: '(current)',
  switchTo: (type: DealType) => `Switch to ${DEAL_TYPE_LABELS[type]}`,
  confirmTitle: (type: DealType) => `Switch to ${DEAL_TYPE_LABELS[type]}?`,
  confirmBody: (from: DealType, to: DealType) =>
    `Your cart will change from ${DEAL_TYPE_LABELS[from]} to ${DEAL_TYPE_LABELS[to]}. Your order summary and the steps ahead will be updated${
      to === 'Cash' ? ', and protection that only applies to a loan or lease (GAP) is removed' : ''
    }.`,
  confirm: 'Yes, switch',
  cancel: 'Keep current',
} as const;

type Props = {
  current: DealType;
  allowed: readonly DealType[];
  /** The type awaiting confirmation after an unconfirmed post (no JavaScript). */
  confirming: DealType | null;
  error?: string | null;
};

function ConfirmFields({ to }: { to: DealType }) {
  return (
    <>
      <input type="hidden" name="intent" value="switch-type" />
      <input type="hidden" name="dealType" value={to} />
      <input type="hidden" name="confirmed" value="yes" />
    </>
  );
}

export function PurchaseTypeSwitch({ current, allowed, confirming, error }: Props) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [pending, setPending] = useState<DealType | null>(null);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'switch-type';

  if (allowed.length < 2) return null;
  return (
    <section aria-labelledby="purchase-type-heading" className="space-y-3" data-testid="purchase-type">
      <h2 id="purchase-type-heading" className="text-lg font-bold">
        {SWITCH_TEXTS.legend}
      </h2>
      {error ? (
        <p
          role="alert"
          className="rounded-tenant border-l-4 border-red-700 bg-red-50 p-3 text-sm text-red-900"
          data-testid="switch-error"
        >
          {error}
        </p>
      ) : null}
      {confirming && confirming !== current ? (
        // The server-rendered confirmation step (the page without JavaScript).
        <div
          role="group"
          aria-labelledby="switch-confirm-heading"
          className="rounded-tenant border-2 border-primary p-4"
          data-testid="switch-confirmation"
        >
          <h3 id="switch-confirm-heading" className="font-bold">
            {SWITCH_TEXTS.confirmTitle(confirming)}
          </h3>
          <p className="mt-1">{SWITCH_TEXTS.confirmBody(current, confirming)}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Form method="post">
              <ConfirmFields to={confirming} />
              <button type="submit" className={primaryButton} disabled={busy}>
                {SWITCH_TEXTS.confirm}
              </button>
            </Form>
            <a href="/checkout/cart" className={secondaryButton}>
              {SWITCH_TEXTS.cancel}
            </a>
          </div>
        </div>
      ) : null}
      <Form
        method="post"
        className="flex flex-wrap gap-2"
        onSubmit={(event) => {
          // With JavaScript: ask in a dialog first, then post the confirmed switch.
          const submitter = 'submitter' in event.nativeEvent ? event.nativeEvent.submitter : null;
          const value = submitter instanceof HTMLButtonElement ? submitter.value : undefined;
          const to = isOneOf(keysOf(DEAL_TYPE_LABELS), value) ? value : undefined;
          if (!hydrated || !to) return;
          event.preventDefault();
          setPending(to);
        }}
      >
        <input type="hidden" name="intent" value="switch-type" />
        {allowed.map((type) =>
          type === current ? (
            <span
              key={type}
              className="inline-flex min-h-11 items-center rounded-tenant bg-primary px-4 font-semibold text-primary-contrast"
              data-testid="current-deal-type"
            >
              {DEAL_TYPE_LABELS[type]} <span className="sr-only">&nbsp;{SWITCH_TEXTS.current}</span>
            </span>
          ) : (
            <button key={type} type="submit" name="dealType" value={type} className={secondaryButton} disabled={busy}>
              {SWITCH_TEXTS.switchTo(type)}
            </button>
          ),
        )}
      </Form>
      {hydrated ? (
        <Dialog
          open={pending !== null}
          onClose={() => setPending(null)}
          title={pending ? SWITCH_TEXTS.confirmTitle(pending) : ''}
          description={pending ? SWITCH_TEXTS.confirmBody(current, pending) : null}
          testId="switch-dialog"
        >
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={primaryButton}
              onClick={() => {
                if (!pending) return;
                submit({ intent: 'switch-type', dealType: pending, confirmed: 'yes' }, { method: 'post' });
                setPending(null);
              }}
            >
              {SWITCH_TEXTS.confirm}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setPending(null)}>
              {SWITCH_TEXTS.cancel}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
