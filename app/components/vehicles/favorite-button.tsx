import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { RESOURCE_PATHS, type FavoriteActionData } from '~/lib/search/actions';
import { useRootData } from '~/root';
import { REDIRECT_FIELD, submitThroughFetcher, withAnchor } from './no-js-form';
import { SignInPrompt } from './sign-in-prompt';
import { useCurrentPath } from './use-current-path';
import { CardHeart } from './card-sprite';

// The favourite heart (seed 001 §4). With JavaScript it posts through a fetcher and fills at
// once (optimistically); a signed-out shopper gets the sign-in prompt instead. Without
// JavaScript it is a plain form that comes back to this page (or goes to sign-in).

type FavoriteButtonProps = {
  vin: string;
  saved: boolean;
  /** '2024 Honda Civic', for the button's name. */
  vehicleName: string;
  className?: string;
  /** Where an error message appears relative to the button. */
  messagePlacement?: 'above' | 'below';
  /** The id of the card around the button: a post without JavaScript comes back to it. */
  anchor?: string;
};

export function FavoriteButton({
  vin,
  saved,
  vehicleName,
  className = '',
  messagePlacement = 'above',
  anchor,
}: FavoriteButtonProps) {
  const root = useRootData();
  const signedIn = Boolean(root?.shopper);
  const redirectTo = withAnchor(useCurrentPath(), anchor);
  const fetcher = useFetcher<FavoriteActionData>({ key: `favorite:${vin}` });
  const [prompting, setPrompting] = useState(false);

  const pendingIntent = fetcher.formData?.get('intent');
  const shownSaved = typeof pendingIntent === 'string' ? pendingIntent === 'add' : saved;
  const failure = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data : null;

  // A session that ended since the page loaded: the server says so, and the prompt opens.
  useEffect(() => {
    if (failure?.reason === 'signIn') setPrompting(true);
  }, [failure]);

  return (
    <div className={`relative ${className}`}>
      <form
        method="post"
        action={RESOURCE_PATHS.favorites}
        onSubmit={(event) => {
          if (signedIn) {
            submitThroughFetcher(fetcher, event);
            return;
          }
          event.preventDefault();
          setPrompting(true);
        }}
      >
        <input type="hidden" name="vin" value={vin} />
        <input type="hidden" name="intent" value={shownSaved ? 'remove' : 'add'} />
        <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
        <button type="submit" aria-pressed={shownSaved} className="favorite-button" data-testid="favorite-button">
          <CardHeart filled={shownSaved} />
          <span className="sr-only">Save {vehicleName}</span>
        </button>
      </form>
      {failure && failure.reason !== 'signIn' ? (
        <p
          role="alert"
          className={`absolute right-0 z-20 w-56 rounded-tenant bg-ink p-2 text-xs text-surface shadow-lg ${
            messagePlacement === 'above' ? 'bottom-full mb-1' : 'top-full mt-1'
          }`}
        >
          {failure.message}
        </p>
      ) : null}
      <SignInPrompt open={prompting} onClose={() => setPrompting(false)} redirectTo={redirectTo} vin={vin} />
    </div>
  );
}
