import { Router } from 'express';
import { drawVehicleSvg, parseArtPath } from './vehicle-art';
import type { Platform } from '../platform/http';

export function inventoryRouter(_platform: Platform): Router {
  const router = Router();
  // Pictures never change for a given path, so browsers may keep them for a year.
  router.get('/media/vehicles/:body/:colours.svg', (req, res) => {
    const art = parseArtPath(String(req.params.body), String(req.params.colours));
    if (!art) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.type('image/svg+xml').send(drawVehicleSvg(art.body, art.primary, art.secondary));
  });
  return router;
}
