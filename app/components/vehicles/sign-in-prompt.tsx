import { Suspense, lazy, useEffect, useRef, useState } from 'react';

// Saving a vehicle needs an account (seed 002 §6): a signed-out shopper who taps a heart is
// asked to sign in, and comes back to the same page afterwards. Without JavaScript the heart's
// form gets a redirect to /sign-in?redirectTo=… from the server instead.

export const SIGN_IN_PROMPT_TEXTS = {
  title: 'Sign in to save vehicles',
  body: 'Save the vehicles you like and find them again on any device. Saving needs a free account.',
  signIn: 'Sign in',
  signUp: 'Create an account',
  dismiss: 'Not now',
} as const;

export function signInHref(redirectTo: string, path = '/sign-in'): string {
  return `${path}?${new URLSearchParams({ redirectTo })}`;
}

export type SignInPromptProps = { open: boolean; onClose: () => void; redirectTo: string; vin: string };

const SignInPromptDialog = lazy(() => import('./sign-in-prompt-dialog'));

/**
 * The prompt's dialog code loads the first time it opens, so pages with hearts do not ship it
 * up front. It gives focus back to the heart that opened it (the dialog, loaded after the tap,
 * cannot know which element that was).
 */
export function SignInPrompt({ open, onClose, redirectTo, vin }: SignInPromptProps) {
  const [wanted, setWanted] = useState(open);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!open) return;
    if (document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    setWanted(true);
  }, [open]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SignInPromptDialog
        open={open}
        onClose={onClose}
        redirectTo={redirectTo}
        vin={vin}
        onClosed={() => opener.current?.focus()}
      />
    </Suspense>
  );
}
