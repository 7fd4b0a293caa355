import type { DealTermRow } from '~/lib/tracker/deal-terms';
export { DecisionActions } from './decision-actions';

// The deal's terms and the shopper's answer to it (seed 002 §4: accept, or decline with a
// confirmation). With JavaScript the confirmation is a dialog; without, the buttons are links
// to a confirmation page (?confirm=accept|decline) with the form that posts the answer.

export type Decision = 'accept' | 'decline';

export function isDecision(value: string | null): value is Decision {
  return value === 'accept' || value === 'decline';
}

/** The terms as the loader worded them (`loadDealTerms`). */
export function DealTermsTable({ rows, title }: { rows: readonly DealTermRow[]; title: string }) {
  return (
    <section
      aria-labelledby="deal-terms-title"
      className="rounded-tenant border border-black/15 p-4"
      data-testid="deal-terms"
    >
      <h2 id="deal-terms-title" className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-700">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
