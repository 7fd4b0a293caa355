import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { TOO_MANY_REQUESTS_TEXTS } from '~/lib/shared/tenant/text';

export type ErrorTexts = PublicTenant['texts']['errors']['notFound'];

/**
 * What the error pages say when even the tenant could not be read (the root loader failed).
 * A module of its own: the root's meta reads it on every page, the pages load on errors only.
 */
export const FALLBACK_ERROR_TEXTS: Record<keyof PublicTenant['texts']['errors'], ErrorTexts> = {
  notFound: {
    title: 'We can’t find that page',
    subtitle: 'The page may have moved, or the address may be mistyped.',
    callToAction: 'Go to Homepage',
  },
  serverError: {
    title: 'Something went wrong on our end',
    subtitle: 'Please try again in a moment.',
    callToAction: 'Go to Homepage',
  },
  generic: {
    title: 'Something went wrong',
    subtitle: 'Please try again in a moment.',
    callToAction: 'Go to Homepage',
  },
  tooManyRequests: TOO_MANY_REQUESTS_TEXTS,
};

/** Which of the error texts a status below 500 other than 404 shows. */
export function clientErrorTexts(status: number): 'tooManyRequests' | 'generic' {
  return status === 429 ? 'tooManyRequests' : 'generic';
}
