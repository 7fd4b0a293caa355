import type { MetaDescriptor } from '@remix-run/node';
import { brandFromMatches } from '../meta';

type MetaArgs = { matches: ReadonlyArray<{ id: string; data?: unknown }> };

/** A checkout page's title ('Coverage | Checkout | Brand'); checkout pages are never indexed. */
export function checkoutMeta(args: MetaArgs, title: string): MetaDescriptor[] {
  const brand = brandFromMatches(args.matches);
  return [{ title: [title, 'Checkout', brand].filter(Boolean).join(' | ') }, { name: 'robots', content: 'noindex' }];
}
