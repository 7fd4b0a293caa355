import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { INVENTORY_ERRORS, parseSearchQuery } from '../../app/lib/contract/inventory';
import { logger } from '../../app/lib/shared/logger.server';
import { HttpError, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { addFavorite, countFavorites, listFavoriteVehicles, listFavoriteVins, removeFavorite } from './favorites';
import { searchInventory } from './search';
import { getSnapshot } from './snapshot';
import { ensurePlannerStatistics } from './statistics';
import { suggest } from './suggestions';
import { feedsRouter } from './import/router';
import { startPhotoWorker } from './photos/jobs';
import { PHOTO_KEY, PHOTO_NAME, photoStorage } from './photos/pipeline';
import { drawVehicleSvg, parseArtPath } from './vehicle-art';
import { compareVehicles, findSimilarVehicles, getVehicleDetail } from './vehicles';

/**
 * The query string as the shopper sent it. Express's own parser turns `a[b]=c` into objects;
 * reading the raw string keeps every value a plain string for the lenient parser.
 */
function searchParams(req: Request): URLSearchParams {
  const at = req.originalUrl.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : req.originalUrl.slice(at + 1));
}

function shopperZip(params: URLSearchParams): string | undefined {
  const zip = params.get('zip')?.trim();
  return zip && /^\d{5}$/.test(zip) ? zip : undefined;
}

function vehicleNotFound(): HttpError {
  return new HttpError(404, INVENTORY_ERRORS.vehicleNotFound, 'No such vehicle');
}

export function inventoryRouter(platform: Platform, options: { photoWorker?: boolean } = {}): Router {
  const router = Router();
  // In the background at start-up: planner statistics a seeded PGlite database lacks
  // (statistics.ts), then each tenant's snapshot, so the first shopper does not wait for them.
  ensurePlannerStatistics(platform.db)
    .then(() => Promise.all(platform.tenants.all.map((tenant) => getSnapshot(platform.db, tenant))))
    .catch((error: unknown) => {
      logger.warn({ err: error }, 'preparing the inventory snapshots at start-up failed; the first search will');
    });
  router.use(feedsRouter(platform));
  // Processed dealer photos (photos/pipeline.ts): named by their content, so they never change.
  // In DATA_DIR, or in an S3-compatible bucket shared by every process (STORAGE=s3, server/storage).
  const photos = photoStorage(platform.storage);
  // Feed photos are fetched and resized here, after the import that queued them (photos/jobs.ts).
  if (options.photoWorker ?? process.env.NODE_ENV !== 'test') startPhotoWorker(platform.db, photos);
  route(router, endpoints.inventory.photo, async (req, res, { params: { key, name } }) => {
    if (!PHOTO_KEY.test(key) || !PHOTO_NAME.test(name) || name === 'meta.json') {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    // Streamed from the storage as it arrives: a photo is never held whole in this process.
    const data = await photos.stream(key, name);
    if (!data) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.type(name.endsWith('.avif') ? 'image/avif' : 'image/webp');
    await pipeline(data, res).catch((error: unknown) => {
      // A browser that went away mid-photo is not a failure of ours.
      if (!req.destroyed && !res.destroyed) throw error;
    });
  });
  // Pictures never change for a given path, so browsers may keep them for a year.
  const sendArt = (res: Response, art: ReturnType<typeof parseArtPath>) => {
    if (!art) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res
      .type('image/svg+xml')
      .send(drawVehicleSvg(art.body, art.primary, art.secondary, undefined, { make: art.make, view: art.view }));
  };
  route(router, endpoints.inventory.vehicleArt, async (_req, res, { params }) => {
    sendArt(res, parseArtPath(params.body, params.colours));
  });
  route(router, endpoints.inventory.vehicleArtView, async (_req, res, { params }) => {
    sendArt(res, parseArtPath(params.body, params.colours, params.make, params.view));
  });

  route(router, endpoints.inventory.search, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const result = await searchInventory(platform.db, tenant, parseSearchQuery(searchParams(req)));
    res.json({ data: result });
  });

  route(router, endpoints.inventory.suggestions, async (req, res) => {
    const tenant = requireTenant(platform, req);
    res.json({ data: await suggest(platform.db, tenant, searchParams(req).get('q') ?? '') });
  });

  route(router, endpoints.inventory.vehicle, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const vehicle = await getVehicleDetail(platform.db, tenant, call.params.vin, shopperZip(searchParams(req)));
    if (!vehicle) throw vehicleNotFound();
    res.json({ data: vehicle });
  });

  route(router, endpoints.inventory.similar, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const similar = await findSimilarVehicles(platform.db, tenant, call.params.vin, shopperZip(searchParams(req)));
    if (!similar) throw vehicleNotFound();
    res.json({ data: similar });
  });

  route(router, endpoints.inventory.compare, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const params = searchParams(req);
    res.json({ data: await compareVehicles(platform.db, tenant, params.getAll('vin'), shopperZip(params)) });
  });

  route(router, endpoints.inventory.favorites, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    res.json({ data: { vins: await listFavoriteVins(platform.db, { tenant, userId: identity.userId }) } });
  });

  route(router, endpoints.inventory.favoritesCount, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    res.json({ data: { count: await countFavorites(platform.db, { tenant, userId: identity.userId }) } });
  });

  route(router, endpoints.inventory.favoriteVehicles, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    res.json({
      data: await listFavoriteVehicles(platform.db, { tenant, userId: identity.userId }, shopperZip(searchParams(req))),
    });
  });

  route(router, endpoints.inventory.addFavorite, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    res.json({ data: await addFavorite(platform.db, { tenant, userId: identity.userId }, call.params.vin) });
  });

  route(router, endpoints.inventory.removeFavorite, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    res.json({
      data: await removeFavorite(platform.db, { tenant, userId: identity.userId }, call.params.vin),
    });
  });
  return router;
}
