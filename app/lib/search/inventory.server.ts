import { data } from '@remix-run/node';
import { ApiError, callApi, type ApiContext } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import {
  searchQueryToRecord,
  type CompareResult,
  type SearchQuery,
  type SearchResult,
  type Suggestion,
  type VehicleCard,
  type VehicleDetail,
} from '~/lib/contract/inventory';
import { logger } from '~/lib/shared/logger.server';
import { getApiContext, getSession, type ShopperSession } from '~/lib/session.server';
import type { Tenant } from '~/lib/shared/tenant/schema';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';

// The storefront's calls to the inventory API, and what every shopping page needs to know
// about the request: the tenant, the shopper (if any) and the zip distances are measured from.

export type ShoppingContext = {
  tenant: Tenant;
  session: ShopperSession;
  api: ApiContext;
  signedIn: boolean;
  /** The zip the shopper chose, else the dealer's own (so cards always show a distance). */
  zip: string;
  /** Favourites are a tenant setting (consumer.showFavorites). */
  favoritesEnabled: boolean;
};

export async function getShoppingContext(request: Request): Promise<ShoppingContext> {
  const tenant = getTenantForRequest(request);
  const session = await getSession(request);
  const api = await getApiContext(request, session);
  return {
    tenant,
    session,
    api,
    signedIn: Boolean(session.get('shopper') && api.token),
    zip: session.get('zip') ?? tenant.address.zip,
    favoritesEnabled: tenant.consumer.showFavorites,
  };
}

/** A call the page cannot do without: null means the shopper left, and nobody reads the page. */
function required<T>(answer: T | null): T {
  if (answer === null) throw data(null, { status: 499 });
  return answer;
}

export async function searchVehicles(context: ApiContext, query: SearchQuery): Promise<SearchResult> {
  const answer = await callApi(context, endpoints.inventory.search, { query: searchQueryToRecord(query) });
  return required(answer).data;
}

export async function getSuggestions(context: ApiContext, q: string): Promise<Suggestion[]> {
  const answer = await callApi(context, endpoints.inventory.suggestions, { query: { q } });
  return answer?.data ?? [];
}

/** The vehicle, or null when the inventory does not have it (404). */
export async function getVehicle(
  context: ApiContext,
  vin: string,
  zip: string | undefined,
): Promise<VehicleDetail | null> {
  try {
    const answer = await callApi(context, endpoints.inventory.vehicle, { params: { vin }, query: { zip } });
    return required(answer).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Similar vehicles are optional: any failure is logged and the page shows none. */
export async function getSimilarVehicles(
  context: ApiContext,
  vin: string,
  zip: string | undefined,
): Promise<VehicleCard[] | null> {
  try {
    const answer = await callApi(context, endpoints.inventory.similar, { params: { vin }, query: { zip } });
    return answer?.data ?? null;
  } catch (error) {
    logger.warn({ err: error, vin }, 'similar vehicles left out: the inventory API call failed');
    return null;
  }
}

export async function compareVehicles(
  context: ApiContext,
  vins: readonly string[],
  zip: string | undefined,
): Promise<CompareResult> {
  const answer = await callApi(context, endpoints.inventory.compare, { query: { vin: vins, zip } });
  return required(answer).data;
}

/**
 * The VINs the signed-in shopper saved, to fill the hearts; null when they cannot be known
 * (signed out, favourites off, or the API failed: the hearts then show empty, the page loads).
 */
export async function getFavoriteVins(shopping: ShoppingContext): Promise<string[] | null> {
  if (!shopping.signedIn || !shopping.favoritesEnabled) return null;
  try {
    const answer = await callApi(shopping.api, endpoints.inventory.favorites);
    return answer?.data.vins ?? null;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401))
      logger.warn({ err: error }, 'favourites left out: the API call failed');
    return null;
  }
}

export async function getFavoriteVehicles(context: ApiContext, zip?: string): Promise<VehicleCard[]> {
  const answer = await callApi(context, endpoints.inventory.favoriteVehicles, { query: { zip } });
  return required(answer).data;
}

export async function setFavorite(
  context: ApiContext,
  vin: string,
  favorite: boolean,
): Promise<{ vin: string; favorite: boolean; count: number }> {
  const answer = await callApi(
    context,
    favorite ? endpoints.inventory.addFavorite : endpoints.inventory.removeFavorite,
    {
      params: { vin },
    },
  );
  return required(answer).data;
}
