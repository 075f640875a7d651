import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '../src/config/env';
import { repoRoot } from '../src/shared/paths';

// Docker has no daemon on the machines that run this suite, and no `docker compose` to check the
// file: this reads compose.yaml, the Dockerfile and the nginx configuration and checks what would
// otherwise fail only on a first deployment. Engine-independent: run once, with the PGlite suite.

interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { disable?: boolean };
  volumes?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string }>;
}

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const dockerfile = read('Dockerfile');
const nginx = read('deploy/nginx.conf');

/** Compose's own substitution: ${NAME:-default}, ${NAME:?message} with the given values. */
function substitute(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind, rest) => {
    if (given[name] !== undefined) return given[name];
    if (kind === '-') return rest as string;
    throw new Error(`${name} must be given: ${rest as string}`);
  });
}

function environmentOf(service: string, given: Record<string, string> = {}) {
  const environment = compose.services[service]?.environment ?? {};
  return Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [name, substitute(String(value), given)]),
  );
}

const documented = new Set(
  [...read('README.md').matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1]),
);

describe.skipIf(process.env.TEST_DB === 'postgres')('the container recipe', () => {
  const secret = { APP_SECRET: 'compose-secret-compose-secret-0123456789' };

  it('refuses to start without APP_SECRET, and the API and worker settings pass the server’s checks', () => {
    expect(() => environmentOf('api')).toThrow(/APP_SECRET must be given/);
    for (const service of ['api', 'worker']) {
      const config = loadConfig(environmentOf(service, secret));
      // The login role deploy/postgres-roles.sql makes, not the superuser `portal`.
      expect(config.DATABASE_URL).toBe(
        'postgres://portal_runtime:portal-runtime@postgres:5432/portal',
      );
      expect(config.DOCUMENT_STORE).toBe('s3');
      expect(config.S3_ENDPOINT).toBe('http://minio:9000');
      expect(config.jobsInProcess).toBe(false);
      expect(config.TRUSTED_PROXIES).toBe(
        (compose.services.lb!.networks as Record<string, { ipv4_address: string }>).portal!
          .ipv4_address,
      );
    }
    // Production's rules hold too once PUBLIC_URL is https.
    expect(() =>
      loadConfig(environmentOf('api', { ...secret, APP_ENV: 'production' })),
    ).toThrowError(ConfigError);
    expect(
      loadConfig(
        environmentOf('api', {
          ...secret,
          APP_ENV: 'production',
          PUBLIC_URL: 'https://portal.example.com',
        }),
      ).APP_ENV,
    ).toBe('production');
  });

  it('sets only variables the README documents', () => {
    for (const service of ['api', 'worker', 'migrate']) {
      for (const name of Object.keys(environmentOf(service, secret)))
        expect(documented, `${service}: ${name}`).toContain(name);
    }
  });

  it('runs two API nodes behind the load balancer, a worker, and the migrations before them', () => {
    const { api, worker, migrate, lb, postgres, minio } = compose.services;
    expect(api?.deploy?.replicas).toBe(2);
    expect(api?.command).toBeUndefined();
    expect(worker?.command).toEqual(['node', 'apps/api/dist/worker.js']);
    expect(migrate?.command).toEqual(['node', 'apps/api/dist/migrate.js']);
    expect(api?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
    expect(worker?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
    expect(lb?.depends_on?.api?.condition).toBe('service_healthy');
    // The migrations run as the owner, and so do a node's own migration check and first-start data:
    // one variable, the README's, for both (DATABASE_URL may then be a login role that owns nothing).
    const owner = 'postgres://owner:secret@postgres:5432/portal';
    expect(environmentOf('migrate', { MIGRATION_DATABASE_URL: owner })).toEqual({
      MIGRATION_DATABASE_URL: owner,
    });
    expect(
      environmentOf('api', { ...secret, MIGRATION_DATABASE_URL: owner }).MIGRATION_DATABASE_URL,
    ).toBe(owner);
    expect(environmentOf('api', secret).MIGRATION_DATABASE_URL).toBe(
      environmentOf('migrate').MIGRATION_DATABASE_URL,
    );
    expect(environmentOf('worker', secret)).not.toHaveProperty('MIGRATION_DATABASE_URL');
    expect(postgres?.image).toBe('postgres:15');
    // The nodes' login role is made on the database's first start, as the README's Database roles.
    const roles = (postgres?.volumes ?? []).find((volume) =>
      volume.includes(':/docker-entrypoint-initdb.d/'),
    );
    expect(roles?.split(':')[0]).toBe('./deploy/postgres-roles.sql');
    const script = read('deploy/postgres-roles.sql');
    expect(script).toMatch(
      /^create role portal_runtime login noinherit nosuperuser nocreatedb nocreaterole nobypassrls\s+password 'portal-runtime';$/m,
    );
    expect(script).toMatch(/^grant portal_app, portal_system, portal_jobs to portal_runtime;$/m);
    expect(minio?.image).toMatch(/^minio\/minio/);
    // The workers and the migration command have no HTTP port to check.
    expect(worker?.healthcheck?.disable).toBe(true);
    expect(migrate?.healthcheck?.disable).toBe(true);
    expect(nginx).toMatch(/server api:3000 resolve;/);
    expect(nginx).toMatch(/proxy_pass http:\/\/portal_api;/);
    expect(nginx).toMatch(
      /location = \/api\/v1\/notifications\/stream \{[^}]*proxy_buffering off;/,
    );
  });

  it('builds from what the repository holds, runs as a non-root user and checks /readyz', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22-slim$/m);
    expect(dockerfile).toMatch(/^FROM \$\{NODE_IMAGE\} AS manifests$/m);
    expect(dockerfile).toMatch(/^FROM manifests AS runtime$/m);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev /m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/readyz/m);
    expect(dockerfile).toMatch(/^CMD \["node", "apps\/api\/dist\/server\.js"\]$/m);
    // Every file the image copies from the repository exists; npm ci needs each workspace manifest.
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) =>
      match[1]!.split(' '),
    );
    for (const path of copied.filter((path) => path !== '.'))
      expect(existsSync(join(repoRoot, path)), path).toBe(true);
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) expect(copied).toContain(`${workspace}/package.json`);
    // What the commands run is what the build makes.
    const build = read('apps/api/build.mjs');
    for (const bundle of ['server', 'worker', 'migrate'])
      expect(build).toMatch(new RegExp(`^\\s+'?${bundle}'?: 'src/`, 'm'));
  });
});
