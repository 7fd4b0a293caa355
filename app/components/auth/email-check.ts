import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/** Seed 000 §9: the generic debounce. */
export const EMAIL_CHECK_DEBOUNCE_MS = 400;

export type EmailCheckData = { email: string; exists: boolean; limited?: boolean };

/**
 * The existing-e-mail check of the sign-up form: as the e-mail is typed, once it is a valid
 * address, a resource route asks the identity API whether it already has an account.
 * `isCheckable` is the e-mail field's schema check, loaded with the form's checks on its first
 * focus (decision 043): until it is here nothing is asked.
 */
export function useEmailCheck(
  email: string | undefined,
  isCheckable: ((email: string) => boolean) | null,
): { exists: boolean; limited: boolean; checking: boolean } {
  const fetcher = useFetcher<EmailCheckData>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  // A repeated field (a hostile post) comes back as a list: only a string is an e-mail.
  const typed = (typeof email === 'string' ? email : '').trim();
  useEffect(() => {
    if (!isCheckable?.(typed)) return;
    const timer = setTimeout(() => {
      void load.current(`/resources/email-check?${new URLSearchParams({ email: typed })}`);
    }, EMAIL_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, isCheckable]);
  const answer = fetcher.data;
  const current = Boolean(answer && answer.email.toLowerCase() === typed.toLowerCase());
  return {
    exists: current && Boolean(answer?.exists),
    limited: current && Boolean(answer?.limited),
    checking: fetcher.state === 'loading',
  };
}
