import type { ReactNode } from 'react';

// The kit's step layout: the frame of one step of a flow (checkout, the credit application,
// the tracker's steps): a heading, an optional badge beside it and a line of guidance, then
// the step's content. Plain markup, the same with or without JavaScript.

export function StepLayout({
  title,
  titleId = 'step-title',
  badge,
  guidance,
  children,
  testId,
  ...data
}: {
  title: ReactNode;
  titleId?: string;
  /** Beside the heading (the step's status). */
  badge?: ReactNode;
  /** What the shopper needs to do now. */
  guidance?: ReactNode;
  children?: ReactNode;
  testId?: string;
  [dataAttribute: `data-${string}`]: string | undefined;
}) {
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-6" data-testid={testId} {...data}>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id={titleId} className="text-2xl font-bold">
            {title}
          </h1>
          {badge}
        </div>
        {guidance ? (
          <p className="text-lg" data-testid="step-guidance">
            {guidance}
          </p>
        ) : null}
      </header>
      {children}
    </section>
  );
}
