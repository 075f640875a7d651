// npm run container:check: the Dockerfile's runtime stage, performed outside Docker (decision 215).
// In an empty temporary folder standing for the image's /app it copies what the Dockerfile copies,
// runs the runtime stage's own `npm ci --omit=dev --workspace ...` line, then starts what compose.yaml
// starts with compose.yaml's environment: the migration command, two API nodes and a worker, against
// a scratch database made as the README's Database roles and deploy/postgres-roles.sql make it, on
// the local PostgreSQL (a superuser's URL in CONTAINER_CHECK_ADMIN_URL, else postgres@127.0.0.1),
// and an S3-compatible store (s3rver) standing for MinIO. It asks both nodes' /readyz, runs the
// Dockerfile's HEALTHCHECK command, loads the web app, signs in on one node and is known on the
// other, uploads a PDF through one and downloads it through the other, then ends every process with
// SIGTERM and expects exit code 0. Prints each step and `container check: passed`, or the step that
// failed (exit code 1). Not part of `npm test`: it needs the npm registry and takes minutes.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import S3rver from 's3rver';
import { parse } from 'yaml';

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const adminUrl =
  process.env.CONTAINER_CHECK_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'portal_container_check';
const OWNER = 'portal_check_owner';
const PASSWORD = 'container-check';
const startedAt = Date.now();

// ---- what the recipe says, read from the recipe's own files

const dockerfile = readFileSync(join(repo, 'Dockerfile'), 'utf8');
const compose = parse(readFileSync(join(repo, 'compose.yaml'), 'utf8'), { merge: true });

/** compose's default DATABASE_URL for the nodes: the login role deploy/postgres-roles.sql makes. */
const composeDatabaseUrl = new URL(
  String(compose['x-portal-environment'].DATABASE_URL).replace(/^\$\{DATABASE_URL:-(.*)\}$/, '$1'),
);
const RUNTIME = composeDatabaseUrl.username;
/** The file compose's postgres service runs on its first start. */
const initScript = (compose.services.postgres.volumes ?? [])
  .map((volume) => volume.split(':'))
  .find(([, target]) => target?.startsWith('/docker-entrypoint-initdb.d/'))?.[0];

/** The Dockerfile's instructions per stage, continuation lines joined. */
function stages(text) {
  const result = new Map();
  let current;
  for (const line of text.replace(/\\\n\s*/g, ' ').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const from = /^FROM (\S+)(?: AS (\S+))?$/i.exec(trimmed);
    if (from) {
      current = { base: from[1], instructions: [] };
      result.set(from[2] ?? from[1], current);
      continue;
    }
    const [, keyword, rest] = /^(\w+)\s+(.*)$/.exec(trimmed) ?? [];
    if (current && keyword) current.instructions.push({ keyword: keyword.toUpperCase(), rest });
  }
  return result;
}
const byStage = stages(dockerfile);
const runtime = byStage.get('runtime');
if (!runtime) throw new Error('The Dockerfile has no runtime stage');
/** The runtime stage with the stages it is built FROM before it (manifests). */
const runtimeChain = [];
for (let stage = runtime; stage; stage = byStage.get(stage.base)) runtimeChain.unshift(stage);
const runtimeInstructions = runtimeChain.flatMap((stage) => stage.instructions);

/** Compose's own substitution: ${NAME:-default}, ${NAME:?message} with the given values. */
function substitute(value, given) {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name, kind, rest) => {
    if (given[name] !== undefined) return given[name];
    if (kind === '-') return rest;
    throw new Error(`${name} must be given: ${rest}`);
  });
}
function environmentOf(service, given) {
  const environment = compose.services[service]?.environment ?? {};
  return Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [name, substitute(String(value), given)]),
  );
}

// ---- steps, processes, cleanup

let stepNumber = 0;
async function step(name, action) {
  stepNumber += 1;
  const began = Date.now();
  process.stdout.write(`${String(stepNumber).padStart(2)}. ${name} ... `);
  try {
    const note = await action();
    process.stdout.write(`ok (${seconds(Date.now() - began)})${note ? `: ${note}` : ''}\n`);
  } catch (error) {
    process.stdout.write(`FAILED (${seconds(Date.now() - began)})\n`);
    const failure = new Error(error instanceof Error ? error.message : String(error));
    failure.step = `${stepNumber}. ${name}`;
    throw failure;
  }
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const running = [];
const cleanups = [];

/** `node <args>` in the image's folder; resolves once `ready` is printed (or at once without one). */
function start(label, args, env, ready, timeoutMs = 180_000) {
  const child = spawn(process.execPath, args, {
    cwd: app,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = { label, child, output: '' };
  proc.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  running.push(proc);
  const collect = (chunk) => {
    proc.output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  if (!ready) return Promise.resolve(proc);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`${label} did not print "${ready}" in ${timeoutMs} ms:\n${tail(proc)}`)),
      timeoutMs,
    );
    const check = () => {
      if (proc.output.includes(ready)) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    proc.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      if (!proc.output.includes(ready))
        reject(
          new Error(`${label} exited (${code ?? signal}) before it was ready:\n${tail(proc)}`),
        );
    });
  });
}
const tail = (proc) => proc.output.split('\n').slice(-40).join('\n');

/** Ends a process with SIGTERM (or, with `signal` null, waits for it to end) and expects 0. */
async function stop(proc, timeoutMs = 30_000, signal = 'SIGTERM') {
  if (signal && proc.child.exitCode === null && proc.child.signalCode === null)
    proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const ended = await proc.exited;
  clearTimeout(timer);
  running.splice(running.indexOf(proc), 1);
  if (ended.code !== 0)
    throw new Error(
      `${proc.label} ended with ${ended.code ?? ended.signal}, not 0:\n${tail(proc)}`,
    );
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One HTTP request to a node, with the Host the load balancer passes on (PUBLIC_URL's). */
function http(port, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { host: publicHost, ...headers },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: response.statusCode,
            headers: response.headers,
            bytes,
            text: bytes.toString('utf8'),
          });
        });
      },
    );
    sent.on('error', reject);
    sent.setTimeout(30_000, () => sent.destroy(new Error(`${method} ${path} timed out`)));
    sent.end(body);
  });
}

function expectStatus(answer, status, what) {
  if (answer.status !== status)
    throw new Error(
      `${what} answered ${answer.status}, not ${status}: ${answer.text.slice(0, 400)}`,
    );
}

async function until(what, test, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let last;
    try {
      if (await test()) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${what} not reached in ${timeoutMs} ms${last ? `: ${last.message}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function asAdmin(statements, database = 'postgres') {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    let rows = [];
    for (const statement of statements) rows = (await client.query(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

/** Every file under `root` (but `except`) with its size and time of change. */
function filesUnder(root, except) {
  const files = new Map();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath ?? entry.path, entry.name);
    if (!entry.isFile() || path === except || path.startsWith(`${except}/`)) continue;
    const stat = statSync(path);
    files.set(path, `${stat.size}:${stat.mtimeMs}`);
  }
  return files;
}
/** .dockerignore's patterns as used here: `name` at the root, `**\/name` at any depth. */
const ignorePatterns = existsSync(join(repo, '.dockerignore'))
  ? readFileSync(join(repo, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
  : [];
function ignored(path) {
  const segments = path.split('/');
  return ignorePatterns.some((pattern) =>
    pattern.startsWith('**/')
      ? segments.includes(pattern.slice(3))
      : path === pattern || path.startsWith(`${pattern}/`),
  );
}

const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
function urlAs(role, password = PASSWORD) {
  const url = new URL(adminUrl);
  url.username = role;
  url.password = password;
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

// ---- the check

const app = mkdtempSync(join(tmpdir(), 'portal-container-check-'));
cleanups.push(() => rmSync(app, { recursive: true, force: true }));
/** The image's /app is this folder. */
const inImage = (path) => path.replace(/^\/app(?=\/|$)/, app);
let publicHost;

try {
  await step('build the bundles and the web app if missing (npm run build)', () => {
    const missing = ['apps/api/dist/server.js', 'apps/web/dist/index.html'].filter(
      (path) => !existsSync(join(repo, path)),
    );
    if (missing.length === 0) return 'already built';
    execFileSync('npm', ['run', 'build'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
    return `built (${missing.join(', ')} missing before)`;
  });

  const copies = [];
  const runs = [];
  const imageEnv = {};
  let workdir = '/app';
  let user;
  for (const { keyword, rest } of runtimeInstructions) {
    if (keyword === 'WORKDIR') workdir = rest;
    if (keyword === 'COPY') {
      // --from=build copies what the build stage made: here the repository after `npm run build`.
      const fromBuild = /^--from=/.test(rest);
      const parts = rest
        .replace(/^--from=\S+\s+/, '')
        .split(/\s+/)
        .map((part) => part.replace(/^\/app\//, ''));
      const target = parts.pop();
      copies.push({ sources: parts, target, fromBuild });
    }
    if (keyword === 'RUN') runs.push(rest.replace(/\s+/g, ' '));
    if (keyword === 'USER') user = rest;
    if (keyword === 'ENV') {
      for (const [, name, value] of rest.matchAll(/(\w+)=(\S+)/g)) imageEnv[name] = value;
    }
  }
  const healthcheck = /^HEALTHCHECK .*CMD (\[.*\])$/m.exec(dockerfile.replace(/\\\n\s*/g, ' '));
  const command = /^CMD (\[.*\])$/m.exec(dockerfile);
  if (!healthcheck || !command) throw new Error('The Dockerfile has no HEALTHCHECK or CMD');

  await step(`copy what the manifests and runtime stages copy into ${app}`, () => {
    const base = join(app, workdir.replace(/^\/app/, ''));
    let files = 0;
    for (const { sources, target, fromBuild } of copies) {
      for (const source of sources) {
        const from = join(repo, source);
        if (!existsSync(from)) throw new Error(`${source} does not exist in the repository`);
        // `COPY a b ./` copies into the folder; `COPY dir dir` copies the folder as that name.
        const to = target.endsWith('/')
          ? join(base, target, source.split('/').pop())
          : join(base, target);
        mkdirSync(dirname(to), { recursive: true });
        // The build context leaves out what .dockerignore names (--from=build copies are made).
        cpSync(from, to, {
          recursive: true,
          filter: (path) => fromBuild || !ignored(path.slice(repo.length + 1)),
        });
        files += 1;
      }
    }
    return `${files} paths`;
  });

  // In the image /app is root's and only DATA_DIR the node user's: what the processes write
  // elsewhere would fail there.
  const dataDir = inImage(imageEnv.DATA_DIR ?? '/app/data');
  let installedFiles;
  const install = runs.find((run) => run.startsWith('npm ci'));
  if (!install) throw new Error('The runtime stage has no npm ci');
  await step(`run the runtime stage's RUN lines (${install.split('&&')[0].trim()})`, () => {
    const cache = join(app, '.npm-cache');
    for (const run of runs) {
      // As root in the image; here as this user, without the chown to the image's node user.
      const line = run.replace(/\s*&&\s*chown \S+ \S+$/, '').replaceAll('/app', app);
      execFileSync('sh', ['-c', line], {
        cwd: app,
        // The image's own npm cache: `npm cache clean --force` must not empty this machine's.
        env: { ...process.env, ...imageEnv, npm_config_cache: cache },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    }
    rmSync(cache, { recursive: true, force: true });
    installedFiles = filesUnder(app, dataDir);
    // npm's record of what it installed (node_modules/.package-lock.json), links to workspaces aside.
    const hidden = JSON.parse(
      readFileSync(join(app, 'node_modules', '.package-lock.json'), 'utf8'),
    );
    const installed = Object.entries(hidden.packages).filter(
      ([path, entry]) => path.startsWith('node_modules/') && !entry.link,
    ).length;
    return `${installed} packages installed${user ? `; run as ${userInfo().username}, the image as ${user}` : ''}`;
  });

  const s3Directory = mkdtempSync(join(tmpdir(), 'portal-container-check-s3-'));
  cleanups.push(() => rmSync(s3Directory, { recursive: true, force: true }));
  const apiEnvironment = environmentOf('api', { APP_SECRET: 'x'.repeat(32) });
  const bucket = apiEnvironment.S3_BUCKET;
  let s3;
  let s3Endpoint;
  await step(`start an S3-compatible store (s3rver) with the bucket ${bucket}`, async () => {
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Directory,
      configureBuckets: [{ name: bucket }],
    });
    const address = await s3.run();
    cleanups.push(() => s3.close());
    s3Endpoint = `http://127.0.0.1:${address.port}`;
    return `http://127.0.0.1:${address.port} standing for ${apiEnvironment.S3_ENDPOINT}`;
  });

  await step(`create the scratch database ${DATABASE} as the README's Database roles`, async () => {
    if (!initScript)
      throw new Error("compose's postgres service runs no script on its first start");
    // compose's role name is the server's, not the database's: never drop one this check did not make.
    const [existing] = await asAdmin([`select 1 from pg_roles where rolname = '${RUNTIME}'`]);
    if (existing)
      throw new Error(
        `the role ${RUNTIME} exists on this server; drop it first if a killed check left it behind`,
      );
    await dropScratch();
    cleanups.push(dropScratch);
    // The owner runs the migrations (compose's POSTGRES_USER is a superuser, which may do more).
    await asAdmin([
      `create role ${OWNER} login createrole password '${PASSWORD}'`,
      `create database ${DATABASE} owner ${OWNER}`,
    ]);
    await asAdmin(
      [
        'create extension citext',
        'create extension pg_trgm',
        'create extension cube',
        'create extension earthdistance',
        'grant create on schema public to public',
      ],
      DATABASE,
    );
    // The nodes' and the worker's login role, made by the script compose's postgres runs once.
    await asAdmin([readFileSync(join(repo, initScript), 'utf8')], DATABASE);
    const [role] = await asAdmin(
      [
        `select rolsuper, rolinherit, rolbypassrls, rolcanlogin,
                (select count(*) from pg_class c where c.relowner = r.oid)::int as owned,
                array(select m.rolname::text from pg_auth_members a join pg_roles m on m.oid = a.roleid
                       where a.member = r.oid order by 1) as roles
           from pg_roles r where rolname = '${RUNTIME}'`,
      ],
      DATABASE,
    );
    if (!role) throw new Error(`${initScript} made no role ${RUNTIME}`);
    if (role.rolsuper || role.rolinherit || role.rolbypassrls || !role.rolcanlogin || role.owned)
      throw new Error(`${RUNTIME} is not a login role without rights: ${JSON.stringify(role)}`);
    return `owner ${OWNER}; ${initScript} made ${RUNTIME}, member of ${role.roles.join(', ')}`;
  });

  // compose.yaml's variables as a deployment gives them in .env: the secret, and the database as
  // reached from here (the owner for the migrations, the login role for the nodes and the worker).
  const given = {
    APP_SECRET: randomBytes(36).toString('base64'),
    MIGRATION_DATABASE_URL: urlAs(OWNER),
    // compose's own default, with this server's address and the scratch database.
    DATABASE_URL: urlAs(RUNTIME, decodeURIComponent(composeDatabaseUrl.password)),
    // The store's credentials as MinIO's are given; s3rver knows only its own.
    MINIO_ROOT_USER: 'S3RVER',
    MINIO_ROOT_PASSWORD: 'S3RVER',
  };
  // What cannot be as in compose: the store's address, and the listening address (this machine's
  // loopback, not every interface as in the image).
  const local = { S3_ENDPOINT: s3Endpoint, HOST: '127.0.0.1' };
  const environment = (service, extra = {}) => ({
    ...imageEnv,
    DATA_DIR: dataDir,
    ...environmentOf(service, given),
    ...(service === 'migrate' ? {} : local),
    ...extra,
  });
  publicHost = new URL(environment('api').PUBLIC_URL).host;

  const migrateCommand = compose.services.migrate.command;
  await step(
    `run the migrations as compose's migrate service (${migrateCommand.join(' ')}), as the owner`,
    async () => {
      // The README's first migration of a new database, by an owner that is not a superuser.
      const proc = await start('migrate', migrateCommand.slice(1), environment('migrate'));
      await stop(proc, 300_000, null);
      const applied = /Applied (\d+) migration/.exec(proc.output)?.[1];
      const files = readdirSync(join(app, 'apps/api/migrations')).filter((name) =>
        name.endsWith('.sql'),
      ).length;
      if (Number(applied) !== files)
        throw new Error(`${applied ?? 'no'} migrations applied of ${files}:\n${tail(proc)}`);
      return `${applied} migrations applied`;
    },
  );

  const apiCommand = JSON.parse(command[1]);
  const ports = [await freePort(), await freePort()];
  const nodes = [];
  await step(
    `start two API nodes together (${apiCommand.join(' ')}) on ports ${ports.join(' and ')}`,
    async () => {
      const started = await Promise.all(
        ports.map((port, index) =>
          start(
            `API node ${index + 1}`,
            apiCommand.slice(1),
            environment('api', { PORT: String(port) }),
            'Carrier Portal is running at',
            600_000,
          ),
        ),
      );
      nodes.push(...started.map((proc, index) => ({ proc, port: ports[index] })));
      const seeded = started.filter((proc) => proc.output.includes('created on this first start'));
      return `${seeded.length} of 2 created the demo world (SEED_SHIPMENTS=${environment('api').SEED_SHIPMENTS})`;
    },
  );

  const workerCommand = compose.services.worker.command;
  let worker;
  await step(`start the worker (${workerCommand.join(' ')})`, async () => {
    worker = await start('worker', workerCommand.slice(1), environment('worker'), 'worker ready');
  });

  await step('GET /readyz on both nodes', async () => {
    for (const { port } of nodes)
      await until(`/readyz on ${port}`, async () => (await http(port, '/readyz')).status === 200);
  });

  const healthArgs = JSON.parse(healthcheck[1]);
  await step(
    `run the HEALTHCHECK command against both nodes (${healthArgs.slice(0, 2).join(' ')} ...)`,
    () => {
      for (const { port } of nodes)
        execFileSync(process.execPath, healthArgs.slice(1), {
          cwd: app,
          env: { PATH: process.env.PATH, PORT: String(port) },
          stdio: 'pipe',
          timeout: 3_000,
        });
    },
  );

  const [first, second] = nodes;
  await step('GET /api/v1/client_config and the web app (/, its script) from node 1', async () => {
    expectStatus(await http(first.port, '/api/v1/client_config'), 200, 'client_config');
    const page = await http(first.port, '/');
    expectStatus(page, 200, '/');
    const script = /<script[^>]+src="(\/[^"]+\.js)"/.exec(page.text)?.[1];
    if (!script) throw new Error(`/ is not the web app: ${page.text.slice(0, 200)}`);
    expectStatus(await http(first.port, script), 200, script);
    return `index.html ${page.bytes.length} bytes, ${script}`;
  });

  const password = /demo accounts \(password (\S+)\)/.exec(first.proc.output)?.[1];
  const accounts = [...first.proc.output.matchAll(/^ {4}(\S+@\S+) /gm)].map((match) => match[1]);
  const admin = accounts.find((account) => account.startsWith('carrier@')) ?? accounts[0];
  let token;
  await step(`sign in as ${admin} on node 1, be known on node 2`, async () => {
    if (!password || !admin) throw new Error('the node printed no demo account');
    const signedIn = await http(first.port, '/api/v1/auth/authorize', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: admin, password }),
    });
    expectStatus(signedIn, 200, 'POST /api/v1/auth/authorize');
    token = JSON.parse(signedIn.text).data.accessToken;
    if (!token) throw new Error(`no token in ${signedIn.text.slice(0, 200)}`);
    const me = await http(second.port, '/api/v1/me', {
      headers: { authorization: `Bearer ${token}` },
    });
    expectStatus(me, 200, 'GET /api/v1/me on node 2');
    // What changed, read from the CHANGELOG.md the image copies.
    const updates = await http(second.port, '/api/v1/application_updates', {
      headers: { authorization: `Bearer ${token}` },
    });
    expectStatus(updates, 200, 'GET /api/v1/application_updates on node 2');
    const entries = JSON.parse(updates.text).data;
    if (!Array.isArray(entries) || entries.length === 0)
      throw new Error(`no application updates from CHANGELOG.md: ${updates.text.slice(0, 200)}`);
    return `${entries.length} application updates`;
  });

  await step('upload a PDF through node 1, download it through node 2 from the store', async () => {
    // A shipment of the signed-in carrier's company, from the demo world.
    const [shipment] = await asAdmin(
      [
        `select s.id from shipments s join users u on u.company_id = s.carrier_company_id
          where u.login_email = '${admin}' order by s.id limit 1`,
      ],
      DATABASE,
    );
    if (!shipment) throw new Error(`the demo world has no shipment of ${admin}'s company`);
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('Container check');
    const bytes = Buffer.from(await pdf.save());
    const upload = await http(first.port, '/api/v2/documents', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'container check.pdf',
        type: 45, // shipment miscellaneous
        shipmentId: shipment.id,
        data: bytes.toString('base64'),
      }),
    });
    expectStatus(upload, 201, 'POST /api/v2/documents on node 1');
    const { fileURL } = JSON.parse(upload.text).data;
    const download = await http(second.port, fileURL, {
      headers: { authorization: `Bearer ${token}` },
    });
    expectStatus(download, 200, `GET ${fileURL} on node 2`);
    if (sha(download.bytes) !== sha(bytes)) throw new Error('the download differs from the upload');
    const stored = readdirSync(s3Directory, { recursive: true }).length;
    return `${bytes.length} bytes, the same back; ${stored} entries in the store's folder`;
  });

  await step('stop the worker and both nodes with SIGTERM, each ending with 0', async () => {
    await stop(worker);
    await Promise.all(nodes.map(({ proc }) => stop(proc)));
    // And the health check says so: it can fail.
    for (const { port } of nodes) {
      try {
        execFileSync(process.execPath, healthArgs.slice(1), {
          env: { PATH: process.env.PATH, PORT: String(port) },
          stdio: 'pipe',
          timeout: 3_000,
        });
      } catch {
        continue;
      }
      throw new Error(`the HEALTHCHECK command still passes on ${port} after the node ended`);
    }
    return 'the HEALTHCHECK command fails on both ports after';
  });

  await step("nothing was written in the image's folder outside DATA_DIR", () => {
    const changed = [...filesUnder(app, dataDir)]
      .filter(([path, state]) => installedFiles.get(path) !== state)
      .map(([path]) => path.slice(app.length + 1));
    if (changed.length > 0)
      throw new Error(
        `written as the image's node user could not: ${changed.slice(0, 20).join(', ')}`,
      );
    const kept = existsSync(dataDir) ? readdirSync(dataDir, { recursive: true }).length : 0;
    return `${kept} entries in DATA_DIR`;
  });

  await cleanUp();
  process.stdout.write(`container check: passed in ${seconds(Date.now() - startedAt)}\n`);
} catch (error) {
  for (const proc of [...running]) proc.child.kill('SIGKILL');
  await cleanUp().catch(() => {});
  process.stdout.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.stdout.write(
    `container check: failed at step ${error.step ?? `${stepNumber}, setting up`} after ${seconds(Date.now() - startedAt)}\n`,
  );
  process.exit(1);
}

async function dropScratch() {
  await asAdmin([
    `drop database if exists ${DATABASE} with (force)`,
    `drop role if exists ${RUNTIME}`,
    `drop role if exists ${OWNER}`,
  ]);
}

async function cleanUp() {
  while (cleanups.length > 0) await cleanups.pop()();
}
