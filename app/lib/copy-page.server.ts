import type { LoaderFunctionArgs } from '@remix-run/node';
import type { CopyPage, PageCopy } from './shared/tenant/schema';
import { getTenantForRequest } from './shared/tenant/tenants.server';

// A copy page's texts come with its own loader, not with the root's tenant (decision 083): the
// eleven pages' texts were about 20 KB of every page's inline data, encoded on every request.

export type CopyPageData = { copy: PageCopy };

/** The tenant's texts for one copy page, for a loader that has data of its own as well. */
export function copyPageData(request: Request, page: CopyPage): CopyPageData {
  return { copy: getTenantForRequest(request).texts.pages[page] };
}

/** The loader of a copy page that has nothing else to load. */
export function copyPageLoader(page: CopyPage) {
  return ({ request }: LoaderFunctionArgs): CopyPageData => copyPageData(request, page);
}
