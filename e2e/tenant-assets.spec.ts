import { expect, test } from './support/fixtures';
import { tenantConfig } from './support/tenants';

// /tenant-assets/<tenant>/<file>: only the images a tenant lists, cached for long. The tenant
// is in the path, so any host serves it (Node cannot resolve *.localhost; the browser can).

test('a listed image is served with a long cache; other files of the folder are not', async ({ request }) => {
  const { images } = tenantConfig('northside');
  const logo = await request.get(`/tenant-assets/northside/${images.logo}`);
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toContain('image/svg+xml');
  const etag = logo.headers()['etag']?.replaceAll('"', '');
  expect(etag).toMatch(/^[0-9a-f]{12}$/);

  // The versioned URL the pages use may be kept for a year.
  const versioned = await request.get(`/tenant-assets/northside/${images.logo}?v=${etag}`);
  expect(versioned.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  for (const path of ['config.json', 'flags.json', 'nothing.svg']) {
    const response = await request.get(`/tenant-assets/northside/${path}`);
    expect(response.status(), path).toBe(404);
  }
  expect((await request.get(`/tenant-assets/nobody/${images.logo}`)).status()).toBe(404);
});
