import type { MetaDescriptor } from '@remix-run/node';
import { titledMeta, type MetaMatchLike } from '~/lib/meta';

/** A desk page's title, never indexed. */
export function deskMeta(matches: readonly MetaMatchLike[], title: string): MetaDescriptor[] {
  return titledMeta(matches, `${title} · Desk`, [{ name: 'robots', content: 'noindex, nofollow' }]);
}
