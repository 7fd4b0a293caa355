import { useFetcher } from '@remix-run/react';
import { RESOURCE_PATHS, type CompareActionData } from '~/lib/search/actions';
import { CheckIcon } from './icons';
import { REDIRECT_FIELD, submitThroughFetcher, withAnchor } from './no-js-form';
import { useCurrentPath } from './use-current-path';

// The Compare checkbox (seed 001 §2, §4). It is a submit button with the checkbox role, so it
// works the same without JavaScript (the form posts and the page comes back) and with it (a
// fetcher, checked at once). A full comparison answers with the limit message.

type CompareToggleProps = {
  vin: string;
  checked: boolean;
  vehicleName: string;
  className?: string;
  /** The id of the card around the toggle: a post without JavaScript comes back to it. */
  anchor?: string;
};

export function CompareToggle({ vin, checked, vehicleName, className = '', anchor }: CompareToggleProps) {
  const redirectTo = withAnchor(useCurrentPath(), anchor);
  const fetcher = useFetcher<CompareActionData>({ key: `compare:${vin}` });
  const pendingIntent = fetcher.formData?.get('intent');
  const shownChecked = typeof pendingIntent === 'string' ? pendingIntent === 'add' : checked;
  const failure = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data : null;

  return (
    <div className={`relative ${className}`}>
      <form method="post" action={RESOURCE_PATHS.compare} onSubmit={(event) => submitThroughFetcher(fetcher, event)}>
        <input type="hidden" name="vin" value={vin} />
        <input type="hidden" name="intent" value={shownChecked ? 'remove' : 'add'} />
        <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
        <button
          type="submit"
          role="checkbox"
          aria-checked={shownChecked}
          className="compare-toggle"
          data-testid="compare-toggle"
        >
          <span
            className={`compare-toggle-box ${
              shownChecked ? 'border-primary bg-primary text-primary-contrast' : 'border-gray-600 bg-surface'
            }`}
            aria-hidden="true"
          >
            {shownChecked ? <CheckIcon className="size-4" strokeWidth={3} /> : null}
          </span>
          Compare<span className="sr-only"> {vehicleName}</span>
        </button>
      </form>
      {failure ? (
        <p
          role="alert"
          className="absolute bottom-full left-0 z-20 mb-1 w-60 rounded-tenant bg-ink p-2 text-xs text-surface shadow-lg"
        >
          {failure.message}
        </p>
      ) : null}
    </div>
  );
}
