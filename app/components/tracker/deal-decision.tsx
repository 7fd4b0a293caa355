import type { DealTermRow } from '~/lib/tracker/deal-terms';
import { DealLinesTable } from '~/components/deal/deal-lines';
import type { DealLines } from '~/lib/shared/pricing/deal-lines';
export { DecisionActions } from './decision-actions';

// The deal's terms and the shopper's answer to it (seed 002 §4: accept, or decline with a
// confirmation). With JavaScript the confirmation is a dialog; without, the buttons are links
// to a confirmation page (?confirm=accept|decline) with the form that posts the answer.

export type Decision = 'accept' | 'decline';

export function isDecision(value: string | null): value is Decision {
  return value === 'accept' || value === 'decline';
}

/**
 * The terms as the loader worded them (`loadDealTerms`); with the deal's lines (issue 31), the
 * vehicle and then those lines, the contract's own.
 */
export function DealTermsTable({
  rows,
  title,
  lines,
}: {
  rows: readonly DealTermRow[];
  title: string;
  lines?: DealLines | undefined;
}) {
  const shown = lines ? rows.slice(0, 1) : rows;
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
        {shown.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-700">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {lines ? <DealLinesTable lines={lines} className="mt-3" /> : null}
    </section>
  );
}
