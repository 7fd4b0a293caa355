import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { feedImportQuerySchema, feedImportResponseSchema } from '../inventory-feeds';
import { favoritesCountResponseSchema, favoritesListResponseSchema } from '../favorites';
import {
  compareResponseSchema,
  favoriteToggleResponseSchema,
  favoriteVehiclesResponseSchema,
  searchResponseSchema,
  similarVehiclesResponseSchema,
  suggestionsResponseSchema,
  vehicleResponseSchema,
} from '../inventory';

/** The shopper's zip, for distances and delivery (optional). */
const zipQuery = z.object({ zip: z.string().optional() });

/** The inventory and favourites API (server/inventory/). */
export const inventoryEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/inventory/search',
    summary: 'One page of vehicles and the facets; the parameters are those of searchQuerySchema.',
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    response: searchResponseSchema,
  }),
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/api/inventory/suggestions',
    summary: 'Search-box suggestions for what the shopper typed.',
    query: z.object({ q: z.string() }),
    response: suggestionsResponseSchema,
  }),
  vehicle: defineEndpoint({
    method: 'GET',
    path: '/api/inventory/vehicles/:vin',
    summary: "A vehicle's details; 404 when the inventory does not have it.",
    query: zipQuery,
    response: vehicleResponseSchema,
  }),
  similar: defineEndpoint({
    method: 'GET',
    path: '/api/inventory/vehicles/:vin/similar',
    summary: 'Vehicles like this one.',
    query: zipQuery,
    response: similarVehiclesResponseSchema,
  }),
  compare: defineEndpoint({
    method: 'GET',
    path: '/api/inventory/compare',
    summary: 'Several vehicles side by side (`vin` repeated).',
    query: z.object({ vin: z.array(z.string()).readonly(), zip: z.string().optional() }),
    response: compareResponseSchema,
  }),
  favorites: defineEndpoint({
    method: 'GET',
    path: '/api/favorites',
    summary: 'The VINs the signed-in shopper saved.',
    response: favoritesListResponseSchema,
  }),
  favoritesCount: defineEndpoint({
    method: 'GET',
    path: '/api/favorites/count',
    summary: "The header badge's count of saved vehicles.",
    response: favoritesCountResponseSchema,
  }),
  favoriteVehicles: defineEndpoint({
    method: 'GET',
    path: '/api/favorites/vehicles',
    summary: 'The saved vehicles as cards.',
    query: zipQuery,
    response: favoriteVehiclesResponseSchema,
  }),
  addFavorite: defineEndpoint({
    method: 'POST',
    path: '/api/favorites/:vin',
    summary: 'Saves a vehicle; 409 error.favorite.sold for a sold one.',
    response: favoriteToggleResponseSchema,
  }),
  removeFavorite: defineEndpoint({
    method: 'DELETE',
    path: '/api/favorites/:vin',
    summary: 'Forgets a saved vehicle.',
    response: favoriteToggleResponseSchema,
  }),
  feedImport: defineEndpoint({
    method: 'POST',
    path: '/api/inventory/feeds',
    summary:
      "A tenant's inventory feed (CSV or JSON body, sent as is), with the tenant's feed key as bearer; `?mode=partial` only adds and updates. 401 error.feed.unauthorized, 400 error.feed.invalid, 413 over 100 MB.",
    query: feedImportQuerySchema,
    response: feedImportResponseSchema,
  }),
  photo: defineEndpoint({
    method: 'GET',
    path: '/media/photos/:key/:name',
    summary: 'A processed dealer photo (AVIF or WebP), named by its content and cached for a year; 404 text otherwise.',
    response: z.unknown(),
    transport: 'file',
  }),
  vehicleArt: defineEndpoint({
    method: 'GET',
    path: '/media/vehicles/:body/:colours.svg',
    summary: 'The drawn picture of a body style in its colours (SVG), cached for a year; 404 text otherwise.',
    response: z.unknown(),
    transport: 'file',
  }),
  vehicleArtView: defineEndpoint({
    method: 'GET',
    path: '/media/vehicles/:body/:colours/:make/:view.svg',
    summary:
      "One drawn view (side, front, rear, interior) of a body style in a make's style and its colours (SVG), cached for a year; 404 text otherwise.",
    response: z.unknown(),
    transport: 'file',
  }),
} as const;
