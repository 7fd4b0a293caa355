import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from '~/lib/shared/project-root.server';

// Issue 34 point 2: no container engine runs here (a docker client, no daemon), so the image and
// the compose stack cannot be built or started in a test. These read the files as the engine
// would and check what the issue asks of them; the same topology runs without containers in
// tests/server/scale-out.test.ts (two processes, PostgreSQL, Redis, an S3 server).

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');

type Service = {
  image?: string;
  build?: unknown;
  user?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
};

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const { services } = compose;

  it('runs two app replicas, a proxy, PostgreSQL, Redis and MinIO', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['app1', 'app2', 'minio', 'minio-bucket', 'postgres', 'proxy', 'redis'].sort(),
    );
    expect(services.proxy!.image).toMatch(/^caddy:/);
    expect(services.postgres!.image).toMatch(/^postgres:/);
    expect(services.redis!.image).toMatch(/^redis:/);
    expect(services.minio!.image).toMatch(/^minio\/minio/);
  });

  it('gives both replicas the same shared settings README "Several processes" asks for, never a literal secret', () => {
    const shared = [
      'SHOWROOM_PROCESSES',
      'DATABASE_URL',
      'SESSION_SECRET',
      'IDENTITY_TOKEN_SECRET',
      'PII_ENCRYPTION_KEY',
      'REDIS_URL',
      'STORAGE',
      'S3_BUCKET',
    ];
    const readme = read('README.md');
    for (const name of shared.filter((item) => item !== 'S3_BUCKET')) expect(readme).toContain(`\`${name}`);
    for (const replica of ['app1', 'app2']) {
      const env = services[replica]!.environment!;
      expect(env.SHOWROOM_PROCESSES).toBe('2');
      expect(env.STORAGE).toBe('s3');
      expect(env.TRUST_PROXY).toBe('1');
      for (const name of shared) expect(env[name], `${replica} ${name}`).toBe(services.app1!.environment![name]);
      for (const secret of ['SESSION_SECRET', 'IDENTITY_TOKEN_SECRET', 'PII_ENCRYPTION_KEY']) {
        expect(env[secret]).toMatch(/^\$\{[A-Z_]+:\?/);
      }
    }
  });

  it('runs the replicas as a non-root user with a health check on /healthz, and publishes only the proxy', () => {
    for (const replica of ['app1', 'app2']) {
      const service = services[replica]!;
      expect(service.user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
      expect(service.healthcheck!.test.join(' ')).toContain('/healthz');
      expect(service.ports).toBeUndefined();
    }
    const published = Object.entries(services).filter(([, service]) => service.ports);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = [...dockerfile.matchAll(/^FROM\s+\S+(?:\s+AS\s+(\S+))?/gim)].map((match) => match[1]);

  it('builds in stages and ships the built app only, as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER\s+(?!root)(?!0\b)\S+/m);
    // Only built output, production dependencies and the files the app reads at run time.
    const copied = [...runtime.matchAll(/^COPY\s+--from=build\s+(?:--\S+\s+)*(\S+)/gm)].map((match) => match[1]);
    expect(copied).not.toContain('/app/app');
    expect(copied).toContain('/app/build');
    expect(runtime).not.toMatch(/^COPY\s+\.\s/m);
  });

  it('checks /healthz and starts node directly, so SIGTERM reaches the app', () => {
    expect(dockerfile).toMatch(/^HEALTHCHECK[\s\S]*\/healthz/m);
    expect(dockerfile).toMatch(/^CMD\s+\["node",[^\]]*"build\/start\.js"\]/m);
    expect(dockerfile).not.toMatch(/^CMD\s+\["npm"/m);
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');

  it('gets certificates on demand, only for hosts the app says a tenant lists', () => {
    expect(caddyfile).toMatch(/on_demand_tls\s*\{[^}]*ask\s+http:\/\/\S+\/internal\/tls-ask/);
    expect(caddyfile).toMatch(/tls\s*\{\s*on_demand\s*\}/);
  });

  it('proxies to both replicas, checks /readyz, and keeps /internal and /metrics inside', () => {
    expect(caddyfile).toMatch(/reverse_proxy\s+app1:3000\s+app2:3000/);
    expect(caddyfile).toContain('health_uri /readyz');
    expect(caddyfile).toMatch(/@internal\s+path\s+\/internal\/\*\s+\/metrics/);
    expect(caddyfile).toMatch(/respond\s+@internal\s+404/);
  });

  it('compresses the answers itself, as the replicas are told not to (decision 113)', () => {
    expect(caddyfile).toMatch(/https:\/\/\s*\{[^]*?encode\s+zstd\s+gzip[^]*?import replicas/);
    const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
    for (const replica of ['app1', 'app2'])
      expect(compose.services[replica]!.environment!.COMPRESSION_LEVEL, replica).toBe('0');
  });
});
