import { Form, useNavigation } from '@remix-run/react';
import { PROTECTION_KIND_LABELS } from '~/lib/checkout/protection';
import type { ProtectionPlan } from '~/lib/contract/checkout';
import { formatMiles, formatMonthlyPayment, formatUsd } from '~/lib/shared/money';
import { primaryButton, secondaryButton } from '~/components/ui/button';

// The protection-plan pieces of the Coverage step (seed 002 §2 "Protection plans", §3
// "Protection products"): a card per package with its details, term, mileage, deductible,
// package price and monthly price; a compare table; and the FAQ with the seed's figures.

export const PROTECTION_TEXTS = {
  term: 'Term',
  mileage: 'Mileage',
  unlimited: 'Unlimited',
  deductible: 'Deductible',
  packagePrice: 'Package price',
  monthlyPrice: 'Monthly price',
  details: "What's covered",
  add: 'Add to cart',
  added: 'Added',
  remove: 'Remove',
  compare: 'Compare plans',
  faq: 'Frequently asked questions',
} as const;

export function planFacts(plan: ProtectionPlan): Array<[string, string]> {
  return [
    [PROTECTION_TEXTS.term, `${plan.termMonths} months`],
    [PROTECTION_TEXTS.mileage, plan.mileage === null ? PROTECTION_TEXTS.unlimited : formatMiles(plan.mileage)],
    [PROTECTION_TEXTS.deductible, formatUsd(plan.deductibleCents)],
    [PROTECTION_TEXTS.packagePrice, formatUsd(plan.packagePriceCents)],
    [PROTECTION_TEXTS.monthlyPrice, formatMonthlyPayment(plan.monthlyPriceCents)],
  ];
}

export function PlanCard({ plan, added }: { plan: ProtectionPlan; added: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('planId') === plan.id;
  const headingId = `plan-${plan.id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col rounded-tenant border p-4 ${added ? 'border-2 border-primary' : 'border-black/15'}`}
      data-testid="protection-plan"
      data-kind={plan.kind}
    >
      <p className="text-xs font-bold uppercase tracking-wide text-gray-700">{PROTECTION_KIND_LABELS[plan.kind]}</p>
      <h3 id={headingId} className="text-lg font-bold">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm">{plan.summary}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {planFacts(plan).map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-gray-700">{term}</dt>
            <dd className="text-right font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-primary">{PROTECTION_TEXTS.details}</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {plan.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
      <Form method="post" className="mt-auto pt-4">
        <input type="hidden" name="planId" value={plan.id} />
        {added ? (
          <div className="flex flex-wrap items-center gap-3">
            <span className="font-semibold text-green-800">✓ {PROTECTION_TEXTS.added}</span>
            <button type="submit" name="intent" value="remove" className={secondaryButton} disabled={busy}>
              {PROTECTION_TEXTS.remove}
              <span className="sr-only"> {plan.name}</span>
            </button>
          </div>
        ) : (
          <button type="submit" name="intent" value="add" className={`${primaryButton} w-full`} disabled={busy}>
            {PROTECTION_TEXTS.add}
            <span className="sr-only"> for {plan.name}</span>
          </button>
        )}
      </Form>
    </article>
  );
}

export function CompareTable({ plans }: { plans: readonly ProtectionPlan[] }) {
  if (plans.length < 2) return null;
  const rows = [
    PROTECTION_TEXTS.term,
    PROTECTION_TEXTS.mileage,
    PROTECTION_TEXTS.deductible,
    PROTECTION_TEXTS.packagePrice,
    PROTECTION_TEXTS.monthlyPrice,
  ];
  const facts = plans.map((plan) => new Map(planFacts(plan)));
  return (
    <section aria-labelledby="compare-heading" data-testid="protection-compare">
      <h2 id="compare-heading" className="text-lg font-bold">
        {PROTECTION_TEXTS.compare}
      </h2>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full min-w-[560px] border-collapse text-sm">
          <caption className="sr-only">Protection plans side by side</caption>
          <thead>
            <tr>
              <td />
              {plans.map((plan) => (
                <th key={plan.id} scope="col" className="border-b border-black/15 p-2 text-left">
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className="border-b border-black/10 p-2 text-left font-semibold">
                Covers
              </th>
              {plans.map((plan) => (
                <td key={plan.id} className="border-b border-black/10 p-2 align-top">
                  {plan.summary}
                </td>
              ))}
            </tr>
            {rows.map((row) => (
              <tr key={row}>
                <th scope="row" className="border-b border-black/10 p-2 text-left font-semibold">
                  {row}
                </th>
                {plans.map((plan, index) => (
                  <td key={plan.id} className="border-b border-black/10 p-2 tabular-nums">
                    {facts[index]?.get(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Seed 002 §9's protection figures, as questions shoppers ask. */
export const PROTECTION_FAQ: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'Can I cancel a protection plan?',
    answer:
      'Yes. Cancel Complete Protection within 60 days with no claim for a 100% refund. After that, or once a claim has been made, the refund is pro-rated, less a $50 fee.',
  },
  {
    question: 'What kind of repairs does it cover?',
    answer:
      'For example a wheel and tire repair (about $700), a powertrain repair (up to $2,030) or a GPS screen (up to $1,120).',
  },
  {
    question: 'What does GAP do?',
    answer:
      'If your vehicle is totalled, insurance pays its value, which can be less than you owe. With a $30,000 loan and a $20,000 settlement, GAP covers the difference, less a $1,000 deductible. GAP is available when you finance or lease.',
  },
  {
    question: 'Can I add protection later?',
    answer:
      'You can add or remove plans until you place your order. Plans are included in your order summary and, when you finance, in your monthly payment.',
  },
];

export function ProtectionFaq() {
  return (
    <section aria-labelledby="faq-heading" data-testid="protection-faq">
      <h2 id="faq-heading" className="text-lg font-bold">
        {PROTECTION_TEXTS.faq}
      </h2>
      <div className="mt-2 divide-y divide-black/10 rounded-tenant border border-black/15">
        {PROTECTION_FAQ.map((item) => (
          <details key={item.question} className="p-3">
            <summary className="cursor-pointer font-semibold">{item.question}</summary>
            <p className="mt-2 text-sm">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
