import type { HttpHandler } from 'msw';
import {
  vehicleCardSchema,
  vehicleDetailSchema,
  searchResponseSchema,
  type CompareResult,
  type SearchQuery,
  type SearchResult,
  type Suggestion,
  type VehicleCard,
  type VehicleDetail,
} from '~/lib/contract/inventory';
import { endpoints } from '~/lib/contract/endpoints';
import { forPath, mockApi, type HandlerOptions } from './msw';

// The inventory API played by msw: builders of valid cards, details and search answers, and
// handlers that parse what they serve with the contract's schemas (a mock never drifts).

export const TEST_VIN = '2HGXR4ELXRH000063';

/** A complete, valid card; override what the test is about. */
export function buildCard(overrides: Partial<VehicleCard> = {}): VehicleCard {
  return vehicleCardSchema.parse({
    vin: TEST_VIN,
    year: 2024,
    make: 'Honda',
    model: 'Civic',
    trim: 'LX',
    mileage: 23_639,
    type: 'CPO',
    msrp: 23_485,
    incentivesTotal: 0,
    price: 19_495,
    status: 'Available',
    primaryColor: 'gray',
    secondaryColor: null,
    bodyStyle: 'sedan',
    imageUrl: '/media/vehicles/sedan/gray.svg',
    distance: 12,
    priceGuide: null,
    dealerZip: '78701',
    ...overrides,
  });
}

export function buildDetail(overrides: Partial<VehicleDetail> = {}): VehicleDetail {
  const card = buildCard(overrides);
  return vehicleDetailSchema.parse({
    ...card,
    gallery: [
      { url: card.imageUrl, alt: `${card.year} ${card.make} ${card.model} ${card.trim}, ${card.primaryColor}` },
    ],
    specs: {
      bodyStyle: card.bodyStyle,
      drivetrain: 'FWD',
      engine: '2.0L I4',
      transmission: 'CVT',
      fuelType: 'Gasoline',
      mpgCity: 32,
      mpgHighway: 41,
      seats: 5,
      exteriorColor: card.primaryColor,
    },
    features: ['Backup camera', 'Apple CarPlay'],
    priceDetails: {
      msrp: card.msrp,
      incentivesTotal: card.incentivesTotal,
      price: card.price,
      savings: Math.max(0, card.msrp - card.price),
    },
    dealer: { zip: card.dealerZip, city: 'Austin', state: 'TX' },
    listedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

const EMPTY_QUERY: SearchQuery = { type: [], bodyStyle: [], color: [], sort: 'price-desc', page: 1 };

/** A search answer holding these cards (one page unless said otherwise). */
export function buildSearchResult(vehicles: VehicleCard[], overrides: Partial<SearchResult> = {}): SearchResult {
  return searchResponseSchema.shape.data.parse({
    vehicles,
    total: vehicles.length,
    page: 1,
    pageSize: 24,
    totalPages: vehicles.length ? 1 : 0,
    sort: 'price-desc',
    query: EMPTY_QUERY,
    facets: {
      make: [{ value: 'Honda', count: vehicles.length }],
      model: [],
      bodyStyle: [{ value: 'sedan', count: vehicles.length }],
      type: [
        { value: 'NEW', count: 0 },
        { value: 'CPO', count: vehicles.length },
        { value: 'USED', count: 0 },
      ],
      color: [{ value: 'gray', count: vehicles.length }],
      year: vehicles.length ? { min: 2024, max: 2024 } : null,
      price: vehicles.length ? { min: 19_495, max: 19_495 } : null,
    },
    ...overrides,
  });
}

export const inventory = {
  /** GET search: the answer, or a function of the request's query parameters. */
  search(
    answer: SearchResult | ((params: URLSearchParams) => SearchResult),
    options: HandlerOptions = {},
  ): HttpHandler {
    return mockApi(
      endpoints.inventory.search,
      ({ request }) => ({
        data: typeof answer === 'function' ? answer(new URL(request.url).searchParams) : answer,
      }),
      options,
    );
  },

  suggestions(suggestions: Suggestion[], options?: HandlerOptions): HttpHandler {
    return mockApi(endpoints.inventory.suggestions, { data: suggestions }, options);
  },

  vehicle(detail: VehicleDetail, options?: HandlerOptions): HttpHandler {
    return mockApi(
      endpoints.inventory.vehicle,
      { data: detail },
      {
        ...options,
        match: forPath(endpoints.inventory.vehicle, { vin: detail.vin }),
      },
    );
  },

  similar(vin: string, cards: VehicleCard[], options?: HandlerOptions): HttpHandler {
    return mockApi(
      endpoints.inventory.similar,
      { data: cards },
      {
        ...options,
        match: forPath(endpoints.inventory.similar, { vin }),
      },
    );
  },

  compare(result: CompareResult, options?: HandlerOptions): HttpHandler {
    return mockApi(endpoints.inventory.compare, { data: result }, options);
  },

  favoriteVins(vins: string[], options?: HandlerOptions): HttpHandler {
    return mockApi(endpoints.inventory.favorites, { data: { vins } }, options);
  },

  favoriteVehicles(cards: VehicleCard[], options?: HandlerOptions): HttpHandler {
    return mockApi(endpoints.inventory.favoriteVehicles, { data: cards }, options);
  },

  /** POST (add) or DELETE (remove) favorites/{vin}. */
  favoriteToggle(vin: string, favorite: boolean, count: number, options?: HandlerOptions): HttpHandler {
    const endpoint = favorite ? endpoints.inventory.addFavorite : endpoints.inventory.removeFavorite;
    return mockApi(endpoint, { data: { vin, favorite, count } }, { ...options, match: forPath(endpoint, { vin }) });
  },
};
