import { data } from '@remix-run/node';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import type { z } from 'zod';
import type { orderSummarySchema } from '~/lib/contract/orders';
import { requireShopper } from '~/lib/auth.server';
import { logger } from '~/lib/shared/logger.server';
import { isPlacedOrder, orderListState, sortListedOrders } from '~/lib/orders';
import { formatDealerDate } from '~/lib/shared/dealer-time';
import { formatUsdWithCents } from '~/lib/shared/money';
import { getApiContext } from '~/lib/session.server';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { MESSAGES } from '~/lib/messages';

// The account's order list (seed 001 §4): placed orders, and cancelled ones with their state, oldest first. A failed call is a
// message on the page, not an error page: the rest of the account still works. The loader words
// each order as the page shows it (its state, whether it is placed, its date in the dealer's
// zone, the trade-in's amounts), so the page's code needs neither the order contract (zod) nor
// the date and money formatting (decision 055).

function listedOrders(orders: readonly z.infer<typeof orderSummarySchema>[], timeZone: string) {
  return sortListedOrders(orders).map((order) => ({
    orderNumber: order.orderNumber,
    vehicle: order.vehicle,
    dealType: order.deal.type,
    createdAt: order.createdAt,
    placedOn: formatDealerDate(order.createdAt, timeZone),
    state: orderListState(order.orderStatus, order.handover),
    placed: isPlacedOrder(order),
    tradeIn: order.tradeIn && {
      year: order.tradeIn.year,
      make: order.tradeIn.make,
      model: order.tradeIn.model,
      offer: formatUsdWithCents(order.tradeIn.offerCents),
      payoff: formatUsdWithCents(order.tradeIn.payoffCents),
      // Negative equity (a loan above the offer) reads '-$1,234.00', as in the cart and the receipt.
      equity: formatUsdWithCents(order.tradeIn.equityCents),
    },
  }));
}

export async function ordersLoader(request: Request) {
  await requireShopper(request);
  const tenant = getTenantForRequest(request);
  try {
    const answer = await callApi(await getApiContext(request), endpoints.orders.myOrders);
    if (!answer) return data({ orders: [], error: null }, { status: 499 });
    return { orders: listedOrders(answer.data, tenant.timeZone), error: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    logger.warn({ status: error.status, code: error.code }, 'account: the order list could not be loaded');
    return data({ orders: [], error: fillTenantText(MESSAGES.internalError, tenant) }, { status: 503 });
  }
}
