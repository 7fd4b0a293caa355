import { Link } from '@remix-run/react';
import { formatApr, formatTerm, formatUsd } from '~/lib/shared/money';
import { getAdjustSuggestionText, type CardPaymentBlock } from '~/lib/shared/payments/card-payment-block';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import { Toggletip } from './toggletip';

// The card's payment block (seed 001 §4): an estimate marked 'Est.', a personalised payment
// (lender qualified, with a tooltip linking to /faq), or no payment: 'not qualified' with a
// tooltip carrying the dealer's phone, or the down-payment / trade-in suggestion.

/** Where the lender-qualified tooltip points: the FAQ's answer to "What does lender-qualified mean?". */
export const LENDER_QUALIFIED_FAQ = '/faq#what-does-lender-qualified-mean';

export const PAYMENT_TEXTS = {
  estimated: 'Est.',
  noPayment: 'Payment not available',
  notQualified: 'Not qualified for an online payment on this vehicle.',
  lenderQualified: 'Lender qualified',
  lenderQualifiedTip: 'One of our lending partners matched this payment to your pre-qualification.',
} as const;

type PaymentBlockProps = {
  block: CardPaymentBlock;
  tenant: Pick<PublicTenant, 'dealerPhone'>;
  /** Names the vehicle in the tooltips' labels. */
  vehicleName: string;
  /** An estimate offers the way to the shopper's own payment: the pre-qualification (issue 14). */
  prequalHref?: string;
  /** The not-qualified tooltip links to the contact-the-dealer form for this vehicle. */
  vin?: string;
};

function Terms({
  aprPercent,
  termMonths,
  downPaymentCents,
}: {
  aprPercent: number;
  termMonths: number;
  downPaymentCents: number;
}) {
  return (
    <p className="text-xs text-gray-700">
      {formatApr(aprPercent)} APR · {formatTerm(termMonths)} · {formatUsd(downPaymentCents)} down
    </p>
  );
}

export function PaymentBlock({ block, tenant, vehicleName, prequalHref, vin }: PaymentBlockProps) {
  if (block.kind === 'estimated' || block.kind === 'personalized') {
    const { terms } = block;
    return (
      <div data-testid="payment-block" data-payment={block.kind}>
        <div className="flex flex-wrap items-baseline gap-x-1">
          {block.kind === 'estimated' ? <span className="text-sm font-semibold">{PAYMENT_TEXTS.estimated}</span> : null}
          <span className="text-lg font-bold" data-testid="payment-monthly">
            {formatUsd(terms.monthlyPaymentCents)}
          </span>
          <span className="text-sm">/mo</span>
          {block.kind === 'personalized' ? (
            <div className="ml-1 inline-flex items-center gap-0.5 text-xs font-semibold text-primary">
              {PAYMENT_TEXTS.lenderQualified}
              <Toggletip label={`About the lender-qualified payment for the ${vehicleName}`}>
                <p>
                  {PAYMENT_TEXTS.lenderQualifiedTip}{' '}
                  <Link to={LENDER_QUALIFIED_FAQ}>What does lender-qualified mean?</Link>
                </p>
              </Toggletip>
            </div>
          ) : null}
        </div>
        <Terms {...terms} />
        {block.kind === 'estimated' && prequalHref ? (
          <Link to={prequalHref} className="prequal-link" data-testid="prequal-link">
            Get your rate<span className="sr-only"> for the {vehicleName}</span>
          </Link>
        ) : null}
      </div>
    );
  }
  if (block.variant === 'adjust') {
    return (
      <div data-testid="payment-block" data-payment="adjust">
        <p className="text-sm font-semibold">{PAYMENT_TEXTS.noPayment}</p>
        <p className="text-xs text-gray-700">{getAdjustSuggestionText(block)}</p>
      </div>
    );
  }
  return (
    <div data-testid="payment-block" data-payment="not-qualified">
      <div className="flex items-center gap-1 text-sm font-semibold">
        {PAYMENT_TEXTS.noPayment}
        <Toggletip label={`Why there is no payment for the ${vehicleName}`}>
          <p>
            {PAYMENT_TEXTS.notQualified} Call <a href={phoneHref(tenant)}>{formatPhone(tenant.dealerPhone.number)}</a>{' '}
            and we will help you find an option.
          </p>
          {vin ? (
            <p className="mt-2">
              <a
                href={`/contact-us?${new URLSearchParams({ source: 'paymentTooltip', vin })}#contact-form`}
                className="font-semibold underline"
              >
                Or send us a message about this vehicle
              </a>
            </p>
          ) : null}
        </Toggletip>
      </div>
    </div>
  );
}
