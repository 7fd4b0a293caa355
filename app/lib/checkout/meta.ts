import type { MetaDescriptor } from '@remix-run/node';

type MetaArgs = { matches: ReadonlyArray<{ id: string; data?: unknown }> };

/** A checkout page's title ('Coverage | Checkout | Brand'); checkout pages are never indexed. */
export function checkoutMeta(args: MetaArgs, title: string): MetaDescriptor[] {
  const root = args.matches.find((match) => match.id === 'root')?.data as
    { tenant?: { brandName?: string } } | undefined;
  const brand = root?.tenant?.brandName;
  return [{ title: [title, 'Checkout', brand].filter(Boolean).join(' | ') }, { name: 'robots', content: 'noindex' }];
}
