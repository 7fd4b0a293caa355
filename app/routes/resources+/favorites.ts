import { data, redirect, type ActionFunctionArgs, type AppLoadContext } from '@remix-run/node';
import { signInHref } from '~/components/vehicles/sign-in-prompt';
import { ApiError } from '~/lib/api.server';
import { getShopContext } from '~/lib/request-context.server';
import { INVENTORY_ERRORS, normalizeVin } from '~/lib/contract/inventory';
import { logger } from '~/lib/shared/logger.server';
import { safeRedirect } from '~/lib/safe-redirect';
import { FAVORITE_MESSAGES, type FavoriteActionData } from '~/lib/search/actions';
import { getShoppingContext, setFavorite } from '~/lib/search/inventory.server';
import { flashNotice, flashRemoval } from '~/lib/search/notice.server';

// The favourite heart's endpoint: intent add or remove, and the VIN. A fetcher (JavaScript)
// gets JSON; a form posted without JavaScript sends redirectTo and is sent back there, or to
// sign-in first when the shopper is signed out.

type Failure = Extract<FavoriteActionData, { ok: false }>;

function failureOf(error: unknown): { failure: Failure; status: number } {
  if (error instanceof ApiError) {
    if (error.code === INVENTORY_ERRORS.favoriteSold)
      return { failure: { ok: false, reason: 'sold', message: FAVORITE_MESSAGES.sold }, status: 409 };
    if (error.code === INVENTORY_ERRORS.favoriteLimit)
      return { failure: { ok: false, reason: 'limit', message: FAVORITE_MESSAGES.limit }, status: 409 };
    if (error.status === 404)
      return { failure: { ok: false, reason: 'notFound', message: FAVORITE_MESSAGES.notFound }, status: 404 };
    if (error.status === 401)
      return { failure: { ok: false, reason: 'signIn', message: FAVORITE_MESSAGES.signIn }, status: 401 };
  }
  logger.error({ err: error }, 'favourite not changed: the API call failed');
  return { failure: { ok: false, reason: 'unavailable', message: FAVORITE_MESSAGES.unavailable }, status: 502 };
}

/**
 * A signed-out heart: to sign-in (or sign-up, from the prompt's second button), remembering the
 * vehicle so it is saved as soon as the shopper is in (issue 18), then back to the same card.
 */
async function rememberAndSignIn(
  request: Request,
  loadContext: AppLoadContext,
  form: FormData,
  vin: string,
  intent: 'add' | 'remove',
  back: string,
): Promise<Response> {
  const { authFlow } = await getShopContext({ request, context: loadContext });
  if (intent === 'add') authFlow.set('pending', { favorite: vin });
  else authFlow.unset('pending');
  const path = form.get('then') === 'sign-up' ? '/sign-up' : '/sign-in';
  return redirect(signInHref(back, path));
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const vin = normalizeVin(String(form.get('vin') ?? ''));
  const intent = form.get('intent');
  const redirectTo = form.get('redirectTo');
  const back = typeof redirectTo === 'string' ? safeRedirect(redirectTo, '/search') : null;
  const shopping = await getShoppingContext(request);
  if (!shopping.favoritesEnabled) throw data(null, { status: 404 });
  if (!vin || (intent !== 'add' && intent !== 'remove')) throw data(null, { status: 400 });

  if (!shopping.signedIn) {
    if (back) return rememberAndSignIn(request, loadContext, form, vin, intent, back);
    return Response.json(
      { ok: false, reason: 'signIn', message: FAVORITE_MESSAGES.signIn } satisfies FavoriteActionData,
      { status: 401 },
    );
  }
  try {
    const result = await setFavorite(shopping.api, vin, intent === 'add');
    if (back) {
      if (intent === 'remove') await flashRemoval(request, loadContext, form, { list: 'favorite', vin, back });
      return redirect(back);
    }
    return Response.json({ ok: true, ...result } satisfies FavoriteActionData);
  } catch (error) {
    const { failure, status } = failureOf(error);
    if (back) {
      if (failure.reason === 'signIn') return rememberAndSignIn(request, loadContext, form, vin, intent, back);
      await flashNotice(request, loadContext, { kind: 'error', message: failure.message });
      return redirect(back);
    }
    return Response.json(failure, { status });
  }
}
