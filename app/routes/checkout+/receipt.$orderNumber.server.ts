import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { getCheckoutContext, type CheckoutContext } from '~/lib/checkout/cart.server';
import { type Receipt } from '~/lib/contract/checkout';
import { logger } from '~/lib/shared/logger.server';
import { checkoutMessage } from '~/lib/checkout/messages';
import { fillMessage } from '~/lib/messages';
import { formatPhone } from '~/lib/shared/tenant/text';

// The receipt of a placed order, read by the receipt and confirmation pages. A 404 (no such
// order for this shopper) is the seed's order-not-found page, not a 500.

/** Seed 002 §8, order not found ("plus a call-for-help line"). */
export const ORDER_NOT_FOUND_MESSAGE =
  "Oops! We're having trouble locating your order. Please call {phone} and we'll help.";

export async function requireReceipt(
  request: Request,
  loadContext: AppLoadContext,
  orderNumber: string | undefined,
): Promise<{ context: CheckoutContext; receipt: Receipt }> {
  const context = await getCheckoutContext(request, loadContext);
  const notFound = () =>
    data(
      { message: fillMessage(ORDER_NOT_FOUND_MESSAGE, { phone: formatPhone(context.tenant.dealerPhone.number) }) },
      { status: 404 },
    );
  if (!orderNumber || !/^[A-Za-z0-9-]{1,40}$/.test(orderNumber)) throw notFound();
  try {
    const answer = await callApi(context.api, endpoints.checkout.receipt, { params: { orderNumber } });
    if (!answer) throw data(null, { status: 499 });
    return { context, receipt: answer.data };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) throw notFound();
    if (error instanceof ApiError && error.status === 401) {
      const url = new URL(request.url);
      throw redirect(`/sign-in?${new URLSearchParams({ redirectTo: url.pathname })}`);
    }
    if (error instanceof ApiError) {
      logger.warn({ status: error.status, code: error.code }, 'checkout: the receipt could not be loaded');
      throw data({ message: checkoutMessage('submitFailure', context.tenant) }, { status: 503 });
    }
    throw error;
  }
}
