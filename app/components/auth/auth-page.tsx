import type { ReactNode } from 'react';
import type { SocialInitiator, SocialProvider } from '~/lib/contract/identity';

/** How the screens name the providers. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { 'north-id': 'North ID', 'peak-id': 'Peak ID' };

/** The frame of every account screen: one column, a heading, the form. */
export function AuthPage({
  title,
  intro,
  children,
  width = 'narrow',
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  width?: 'narrow' | 'wide';
}) {
  return (
    <main className={`mx-auto w-full px-4 py-10 ${width === 'wide' ? 'max-w-5xl' : 'max-w-md'}`}>
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      {intro ? <div className="mb-6 text-sm">{intro}</div> : <div className="mb-4" />}
      {children}
    </main>
  );
}

/**
 * The tenant's social providers, as links: each leaves for the provider and comes back
 * through /integration/social-idp with the initiator. Plain links, not forms: the return
 * trip is a redirect chain no form action should start.
 */
export function SocialButtons({
  providers,
  initiator,
  redirectTo,
}: {
  providers: readonly SocialProvider[];
  initiator: SocialInitiator;
  redirectTo?: string | null;
}) {
  if (providers.length === 0) return null;
  const verb = initiator === 'sign-up' ? 'Sign up' : 'Sign in';
  return (
    <ul className="space-y-2" aria-label={`${verb} with another account`}>
      {providers.map((provider) => {
        const query = new URLSearchParams({ provider, initiator });
        if (redirectTo) query.set('redirectTo', redirectTo);
        return (
          <li key={provider}>
            <a
              href={`/integration/social-idp?${query}`}
              data-provider={provider}
              className="flex w-full items-center justify-center gap-2 rounded-tenant border border-gray-500 bg-white px-4 py-2.5 font-semibold text-gray-900 hover:bg-gray-50"
            >
              <span
                aria-hidden="true"
                className="flex size-6 items-center justify-center rounded-full bg-gray-900 text-xs text-white"
              >
                {SOCIAL_PROVIDER_NAMES[provider].charAt(0)}
              </span>
              {verb} with {SOCIAL_PROVIDER_NAMES[provider]}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm" role="separator" aria-label="or">
      <span className="h-px flex-1 bg-gray-400" />
      <span aria-hidden="true">or</span>
      <span className="h-px flex-1 bg-gray-400" />
    </div>
  );
}
