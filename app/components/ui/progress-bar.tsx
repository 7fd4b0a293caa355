// The kit's progress bar: measured (a value) or indeterminate (an upload or a check under way).

/** An indeterminate or measured progress bar with its label. */
export function ProgressBar({
  label,
  value,
  max = 100,
  testId,
}: {
  label: string;
  value?: number;
  max?: number;
  testId?: string;
}) {
  const measured = value !== undefined;
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <span className="text-sm font-medium" id={`${testId ?? 'progress'}-label`}>
        {label}
      </span>
      <div
        role="progressbar"
        aria-labelledby={`${testId ?? 'progress'}-label`}
        aria-valuemin={measured ? 0 : undefined}
        aria-valuemax={measured ? max : undefined}
        aria-valuenow={measured ? Math.round(value) : undefined}
        className="h-2 w-full overflow-hidden rounded-full bg-black/10"
      >
        <div
          className={`h-full rounded-full bg-primary ${measured ? 'transition-[width]' : 'w-1/3 animate-pulse'}`}
          style={measured ? { width: `${Math.min(100, (value / max) * 100)}%` } : undefined}
        />
      </div>
    </div>
  );
}
