import type { ReactNode } from 'react';
import type { DealLine, DealLines } from '~/lib/shared/pricing/deal-lines';

// The deal's lines (issue 31), one component for every surface that shows a deal: the cart's
// and the Overview's order summary, the receipt, the tracker's deal facts and "Review your
// contract"; the signing frame prints its server-rendered HTML. Each group lists what makes
// up its total, with a sign on each amount, then the total; then the terms that are not sums
// (APR or money factor, term, monthly payment) and the parties.

/** Notes under lines, by line id (the cart's "Was … in your estimate: …" notes, issue 12 item 2). */
type LineNotes = ReadonlyMap<string, ReactNode>;

export function Row({ line, strong, note }: { line: DealLine; strong?: boolean; note?: ReactNode }) {
  const rule = strong ? 'border-t border-black/15 pt-1 font-bold' : '';
  return (
    <div className="contents" data-line={line.id}>
      <dt className={strong ? rule : 'text-gray-700'}>{line.label}</dt>
      {line.sentence ? (
        // A sentence (the no-payment state), not a figure: on its own row under the label.
        <dd className="col-span-2 m-0 font-medium">{line.value}</dd>
      ) : (
        <dd className={`m-0 text-right tabular-nums ${strong ? rule : 'font-medium'}`}>{line.value}</dd>
      )}
      {note}
    </div>
  );
}

const LIST = 'grid grid-cols-[1fr_auto] gap-x-4 gap-y-1';

function Facts({ id, lines, notes }: { id: string; lines: readonly DealLine[]; notes?: LineNotes }) {
  if (lines.length === 0) return null;
  return (
    <dl className={LIST} data-group={id}>
      {lines.map((line) => (
        <Row key={line.id} line={line} note={notes?.get(line.id)} />
      ))}
    </dl>
  );
}

export function DealLinesTable({
  lines,
  headingLevel = 3,
  className,
  notes,
}: {
  lines: DealLines;
  headingLevel?: 2 | 3 | 4;
  className?: string;
  notes?: LineNotes;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={`flex flex-col gap-3 text-sm ${className ?? ''}`}
      data-testid="deal-lines"
      data-deal-type={lines.dealType}
    >
      {lines.groups.map((group) => (
        <section key={group.id} aria-label={group.title} data-group={group.id}>
          <Heading className="mb-1 font-semibold">{group.title}</Heading>
          <dl className={LIST}>
            {group.lines.map((line) => (
              <Row key={line.id} line={line} note={notes?.get(line.id)} />
            ))}
            <Row line={group.total} strong note={notes?.get(group.total.id)} />
          </dl>
        </section>
      ))}
      <Facts id="terms" lines={lines.terms} notes={notes} />
      <Facts id="parties" lines={lines.parties} notes={notes} />
    </div>
  );
}
