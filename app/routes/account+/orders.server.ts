import { data } from '@remix-run/node';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { requireShopper } from '~/lib/auth.server';
import { logger } from '~/lib/shared/logger.server';
import { sortListedOrders } from '~/lib/orders';
import { getApiContext } from '~/lib/session.server';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { MESSAGES } from '~/lib/messages';

// The account's order list (seed 001 §4): placed orders, and cancelled ones with their state, oldest first. A failed call is a
// message on the page, not an error page: the rest of the account still works.

export async function ordersLoader(request: Request) {
  await requireShopper(request);
  const tenant = getTenantForRequest(request);
  try {
    const answer = await callApi(await getApiContext(request), endpoints.orders.myOrders);
    if (!answer) return data({ orders: [], error: null }, { status: 499 });
    return { orders: sortListedOrders(answer.data), error: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    logger.warn({ status: error.status, code: error.code }, 'account: the order list could not be loaded');
    return data({ orders: [], error: fillTenantText(MESSAGES.internalError, tenant) }, { status: 503 });
  }
}
