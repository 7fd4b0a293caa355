import type { LoaderFunctionArgs } from '@remix-run/node';
import { readTenantAsset } from '~/lib/shell.server';

/** A tenant's images (logo, hero, error pictures), only the files its config.json lists. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const asset = readTenantAsset(params.tenantId ?? '', params.file ?? '');
  if (!asset)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const versioned = new URL(request.url).searchParams.get('v') === asset.version;
  const etag = `"${asset.version}"`;
  const headers = new Headers({
    'content-type': asset.contentType,
    // The URL the shell hands out carries the content hash, so it can be kept for a year.
    'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    etag,
    'x-content-type-options': 'nosniff',
    // An SVG opened on its own must not run anything.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  });
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(asset.body), { headers });
}
