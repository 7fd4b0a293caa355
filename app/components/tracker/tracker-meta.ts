import type { MetaDescriptor } from '@remix-run/node';
import { brandFromMatches, mergeMeta, parentMeta, type MetaMatchLike } from '~/lib/meta';
import type { TrackerPageData } from '~/lib/tracker/page';
import { STEP_TITLE } from '~/lib/tracker/steps';

type MetaArgs = { data?: unknown; matches: readonly MetaMatchLike[] };

function isTrackerData(value: unknown): value is TrackerPageData {
  return typeof value === 'object' && value !== null && 'currentStep' in value && 'orderNumber' in value;
}

/** '<step> · Order <number> · <brand>', never indexed: the page is the shopper's own. */
export function trackerMeta({ data, matches }: MetaArgs): MetaDescriptor[] {
  const brand = brandFromMatches(matches);
  const parts = isTrackerData(data) ? [STEP_TITLE[data.currentStep], `Order ${data.orderNumber}`] : ['Your order'];
  if (brand) parts.push(brand);
  return mergeMeta(parentMeta(matches), [{ title: parts.join(' · ') }, { name: 'robots', content: 'noindex' }]);
}
