import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import type { HoldActionData } from '~/components/checkout/hold-timer';
import { cartErrorMessage, extendHold, getCart, updateCart } from '~/lib/checkout/cart.server';
import { HOLD_TEXTS } from '~/lib/checkout/hold';
import { checkoutMessage } from '~/lib/checkout/messages';
import { ApiError } from '~/lib/api.server';
import { safeRedirect } from '~/lib/safe-redirect';
import { flashNotice } from '~/lib/search/notice.server';
import { isOneOf } from '~/lib/shared/guards';

// The hold timer's endpoint: intent `extend` (start the hold again when it ran out),
// `hide-timer` or `show-timer` (saved on the cart, so it holds on every device). A fetcher
// gets JSON; a form posted without JavaScript carries redirectTo and is sent back there, with
// a notice when it failed.

const INTENTS = ['extend', 'hide-timer', 'show-timer'] as const;
type Intent = (typeof INTENTS)[number];

function isIntent(value: unknown): value is Intent {
  return isOneOf(INTENTS, value);
}

export async function loader() {
  // Nothing to show: the timer lives on the checkout pages.
  return redirect('/checkout');
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const redirectTo = form.get('redirectTo');
  const back = typeof redirectTo === 'string' ? safeRedirect(redirectTo, '/checkout/cart') : null;
  if (!isIntent(intent)) throw data(null, { status: 400 });

  const context = await getCart(request, loadContext);
  const { cart, tenant } = context;
  if (!cart?.vehicle || !cart.hold) {
    // Nothing held any more: the cart page explains (empty or unavailable).
    if (back) return redirect('/checkout/cart');
    return data({ ok: false, message: checkoutMessage('general', tenant) } satisfies HoldActionData, { status: 409 });
  }
  try {
    if (intent === 'extend') await extendHold(context, cart.id);
    else await updateCart(context, cart.id, { timerVisible: intent === 'show-timer' });
  } catch (error) {
    const message = cartErrorMessage(error, tenant, 'general');
    if (back) {
      await flashNotice(request, loadContext, { kind: 'error', message });
      return redirect(back);
    }
    const status = error instanceof ApiError && error.status < 500 ? error.status : 502;
    return data({ ok: false, message } satisfies HoldActionData, { status });
  }
  if (back) {
    if (intent === 'extend') await flashNotice(request, loadContext, { kind: 'success', message: HOLD_TEXTS.extended });
    return redirect(back);
  }
  return { ok: true } satisfies HoldActionData;
}
