import type { AppLoadContext } from '@remix-run/node';
import { getShopContext } from '~/lib/request-context.server';
import { REMOVAL_FIELD, REMOVAL_MESSAGES, type Notice, type Removal } from './actions';

// Messages for a page reached by a redirect after a form posted without JavaScript (the
// compare limit, a sold vehicle that cannot be saved, a zip we cannot place). With JavaScript
// the same message arrives in the fetcher's answer instead.

export type { Notice };

/** Leaves a notice for the next page (a flash in the session, which the server commits). */
export async function flashNotice(request: Request, loadContext: AppLoadContext, notice: Notice): Promise<void> {
  const shop = await getShopContext({ request, context: loadContext });
  shop.session.flash('toast', notice);
}

/** The notice a previous step left (null when there was none); reading it clears it. */
export async function takeNotice(request: Request, loadContext: AppLoadContext): Promise<Notice | null> {
  const shop = await getShopContext({ request, context: loadContext });
  return shop.session.get('toast') ?? null;
}

/** The page that shows each list: a removal made there is confirmed there. */
const LIST_PAGES: Record<Removal['list'], string> = { favorite: '/saved-vehicles', compare: '/compare' };

/**
 * After a vehicle left a list through a form posted without JavaScript from the list's own page
 * (`back`): the confirmation that page shows as a snackbar, with Undo unless the form says the
 * vehicle cannot be put back (REMOVAL_FIELD=plain, a sold vehicle).
 */
export async function flashRemoval(
  request: Request,
  loadContext: AppLoadContext,
  form: FormData,
  removal: { list: Removal['list']; vin: string; back: string },
): Promise<void> {
  if (new URL(removal.back, 'http://storefront.invalid').pathname !== LIST_PAGES[removal.list]) return;
  await flashNotice(request, loadContext, {
    kind: 'info',
    message: REMOVAL_MESSAGES[removal.list],
    removal: { list: removal.list, vin: removal.vin, undo: form.get(REMOVAL_FIELD) !== 'plain' },
  });
}
