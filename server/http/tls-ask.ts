import type { RequestHandler } from 'express';
import { logger } from '../../app/lib/shared/logger.server';
import { defaultTenantsDir, loadTenants } from '../../app/lib/shared/tenant/tenants.server';

// GET /internal/tls-ask?domain=<host> (decision 080): Caddy's on-demand TLS asks it before it
// gets a certificate for a host it has not seen (deploy/Caddyfile). 200 only for a host a tenant
// lists in tenants/<id>/config.json `domains`, read from the folders at the time of the question,
// so a tenant folder added to a running deployment gets its certificate without a restart. Any
// other host is a 404: no certificate, so nobody can make the proxy ask a CA for names at will.

/** How long one read of the tenant folders answers (Caddy asks once per new host, then caches). */
const READ_FOR_MS = 2_000;

/** A host name as the tenant configs write it: lower case, no port, no brackets or trailing dot. */
export function normalizeHost(value: string): string | null {
  const host = value
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, '')
    .replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(host) && !host.startsWith('.') ? host : null;
}

export function tlsAsk(options: { tenantsDir?: string } = {}): RequestHandler {
  const dir = options.tenantsDir ?? defaultTenantsDir();
  let read: { at: number; hosts: Set<string> } | undefined;
  function listedHosts(): Set<string> {
    if (read && Date.now() - read.at < READ_FOR_MS) return read.hosts;
    try {
      const hosts = new Set(loadTenants(dir).all.flatMap((tenant) => tenant.domains));
      read = { at: Date.now(), hosts };
    } catch (error) {
      // A folder being written (or a broken one) leaves the last good read in place.
      logger.warn({ err: error }, 'tls-ask: the tenant folders could not be read; keeping the last read');
      read = { at: Date.now(), hosts: read?.hosts ?? new Set() };
    }
    return read.hosts;
  }
  return (req, res) => {
    const domain = typeof req.query.domain === 'string' ? normalizeHost(req.query.domain) : null;
    const known = domain !== null && listedHosts().has(domain);
    res.setHeader('cache-control', 'no-store');
    res
      .status(known ? 200 : 404)
      .type('text/plain')
      .send(known ? 'ok' : 'unknown host');
  };
}
