import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DocumentType, EntityType, ShipmentStatus } from '@portal/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { readMigrations } from '../src/db/migrate';
import { makeShipment } from '../src/seed/factories';
import { DEMO_PASSWORD } from '../src/seed/demo-parties';
import { apiRoot } from '../src/shared/paths';
import { overHttp, TestBrowser } from './browser';
import { adminUrl, engine } from './database-template';
import { fixtures } from './paperwork-world';
import { freePort, startPortalProcess, type PortalProcess } from './processes';
import { startS3Server } from './s3-server';
import { editorState } from './note-editor';
import { until } from './until';
import { runWaterfallThroughWorkerRestart } from './waterfall-restart';

// Scale-out (issue 17): two API processes and one worker process on one PostgreSQL database, the
// documents in an S3-compatible store (s3rver), as production runs them behind a load balancer.
// Real processes from the production bundles (`node apps/api/dist/server.js`, `.../worker.js`,
// built here first), talked to over HTTP. PostgreSQL only: an
// embedded PGlite database belongs to one process, so there is no second node to start on it.

const report = process.env.RELIABILITY_REPORT === '1';
const figures: Record<string, unknown> = {};

interface ApiNode {
  name: 'A' | 'B';
  port: number;
  process: PortalProcess;
  dataDir: string;
}

let databaseName: string;
let databaseUrl: string;
let db: Database;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let nodes: { a: ApiNode; b: ApiNode };
const workers: PortalProcess[] = [];
const temporary: string[] = [];
const startedAt = Date.now();

function environment(dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    APP_ENV: 'test',
    // One secret for every node and worker: it seals the signing keys, sessions and sign-in state.
    APP_SECRET: 'scale-out-secret-scale-out-secret-0123',
    PUBLIC_URL: 'http://portal.test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_ON_FIRST_START: 'true',
    SEED_SHIPMENTS: '0',
    JOBS_IN_PROCESS: 'false',
    // Long enough that a node missing another node's announcement would serve a stale caller.
    AUTH_CACHE_SECONDS: '30',
    SHUTDOWN_GRACE_MS: '2000',
    ...s3.env,
  };
}

async function startNode(name: ApiNode['name']): Promise<ApiNode> {
  const dataDir = mkdtempSync(join(tmpdir(), `portal-node-${name}-`));
  temporary.push(dataDir);
  const port = await freePort();
  const started = await startPortalProcess(
    ['apps/api/dist/server.js'],
    { ...environment(dataDir), PORT: String(port) },
    'Carrier Portal is running at',
    100_000,
  );
  return { name, port, process: started, dataDir };
}

function startWorker(): Promise<PortalProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-worker-'));
  temporary.push(dataDir);
  return startPortalProcess(
    ['apps/api/dist/worker.js'],
    environment(dataDir),
    'worker ready',
    60_000,
  );
}

/** A browser whose every request goes to the node `pick` names at the time. */
function browserOn(pick: () => ApiNode) {
  return new TestBrowser(overHttp(() => pick().port));
}

/** Round robin, as a load balancer spreads one browser's requests over the nodes. */
function roundRobin(): () => ApiNode {
  let turn = 0;
  return () => (turn++ % 2 === 0 ? nodes.a : nodes.b);
}

/** A browser of its own (no cookies yet) talking to one node. */
const over = (node: ApiNode) => browserOn(() => node);

async function bearerToken(node: ApiNode, emailAddress: string, password = DEMO_PASSWORD) {
  return over(node).request({
    method: 'POST',
    url: '/api/v1/auth/authorize',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ emailAddress, password }),
  });
}

function asBearer(node: ApiNode, token: string, url: string) {
  return over(node).request({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

function userOf(loginEmail: string) {
  return db.system((tx) =>
    tx
      .selectFrom('users')
      .select(['id', 'companyId', 'firstName', 'lastName'])
      .where('loginEmail', '=', loginEmail)
      .executeTakeFirstOrThrow(),
  );
}

async function demoShipment(status: ShipmentStatus, carrierCompanyId: string | null) {
  const operatorCompanyId = (await userOf('admin@demo.test')).companyId;
  const customer = await db.system((tx) =>
    tx
      .selectFrom('companies')
      .select('id')
      .where('kind', '=', 'customer')
      .orderBy('name')
      .executeTakeFirstOrThrow(),
  );
  return db.system(
    async (tx) =>
      (
        await makeShipment(tx, {
          operatorCompanyId,
          customerCompanyId: customer.id,
          carrierCompanyId,
          status,
        })
      ).shipment,
  );
}

/** Server-sent events of one open stream, as they arrive. */
function openEventStream(node: ApiNode, cookie: string) {
  const events: { event: string; data: unknown; at: number }[] = [];
  let response: IncomingMessage | undefined;
  const sent = httpRequest({
    host: '127.0.0.1',
    port: node.port,
    path: '/api/v1/notifications/stream',
    headers: { host: 'portal.test', cookie, accept: 'text/event-stream' },
  });
  let buffer = '';
  const opened = new Promise<number>((resolve, reject) => {
    sent.on('error', reject);
    sent.on('response', (answer) => {
      response = answer;
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data), at: Date.now() });
        }
      });
      resolve(answer.statusCode ?? 0);
    });
  });
  sent.end();
  return {
    events,
    opened,
    close() {
      response?.destroy();
      sent.destroy();
    },
  };
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(engine !== 'postgres')(
  'scale-out: two API nodes and a worker on one PostgreSQL, documents in S3 (PostgreSQL only: an embedded PGlite database belongs to one process)',
  () => {
    beforeAll(async () => {
      databaseName = `portal_scale_out_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      // Empty: the nodes migrate it and create the demo world themselves.
      await admin.query(`create database "${databaseName}"`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
      s3 = await startS3Server();
      // The bundles production runs, made from the source as it is now (a few seconds).
      await promisify(execFile)(process.execPath, ['build.mjs'], { cwd: apiRoot });

      // Both nodes start at the same moment on the empty database, as replicas of a deployment do.
      const [a, b] = await Promise.all([startNode('A'), startNode('B')]);
      nodes = { a, b };
      figures['both nodes serving after (ms)'] = Date.now() - startedAt;
      db = await openDatabase({ url: databaseUrl, poolSize: 2 });
    }, 150_000);

    afterAll(async () => {
      await Promise.all([
        ...workers.map((worker) => worker.stop('SIGKILL')),
        nodes?.a.process.stop(),
        nodes?.b.process.stop(),
      ]);
      await db?.close();
      await s3?.close();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
      await admin.end();
      for (const directory of temporary) rmSync(directory, { recursive: true, force: true });
      if (report) console.log('scale-out figures', figures);
    });

    it('two nodes started together on an empty database migrate it once and make the demo world once', async () => {
      const banners = [nodes.a, nodes.b].map((node) =>
        /demo world: (created on this first start|already present)/.exec(node.process.output()),
      );
      expect(banners.map((banner) => banner?.[1]).sort()).toEqual([
        'already present',
        'created on this first start',
      ]);
      const applied = await sql<{ count: string }>`select count(*) as count
        from schema_migrations`.execute(db.owner);
      expect(Number(applied.rows[0]!.count)).toBe(readMigrations().length);
      const admins = await db.system((tx) =>
        tx.selectFrom('users').select('id').where('loginEmail', '=', 'admin@demo.test').execute(),
      );
      expect(admins).toHaveLength(1);
      for (const node of [nodes.a, nodes.b]) {
        expect(node.process.child.exitCode).toBeNull();
        const ready = await over(node).get('/readyz');
        expect(ready.json()).toEqual({ status: 'ready' });
      }
    });

    it('a browser signed in through both nodes is signed in on each', async () => {
      // Every request of the sign-in goes to the other node than the one before it.
      const browser = browserOn(roundRobin());
      const landing = await browser.signIn('carrier@demo.test', DEMO_PASSWORD);
      expect(landing).toBe('/');
      expect(browser.cookies.has('__Host-portal_session')).toBe(true);
      const carrier = await userOf('carrier@demo.test');
      for (const node of [nodes.a, nodes.b]) {
        const me = await over(node).get('/api/v1/me', { cookie: browser.cookieHeader() });
        expect(me.statusCode).toBe(200);
        expect(me.json().data.id).toBe(carrier.id);
      }
    });

    it('signing out on one node ends the session and the bearer tokens on the other at once', async () => {
      const browser = browserOn(() => nodes.a);
      await browser.signIn('billing@demo.test', DEMO_PASSWORD);
      const issued = await bearerToken(nodes.a, 'billing@demo.test');
      expect(issued.statusCode).toBe(200);
      const token = issued.json().data.accessToken as string;
      // Node B now holds the session and the token's caller in its cache (30 s here).
      expect(
        (await over(nodes.b).get('/api/v1/me', { cookie: browser.cookieHeader() })).statusCode,
      ).toBe(200);
      expect((await asBearer(nodes.b, token, '/api/v1/me')).statusCode).toBe(200);

      const cookie = browser.cookieHeader();
      expect((await browser.write('POST', '/auth/logout')).statusCode).toBe(200);
      const signedOut = Date.now();
      const session = await until(
        () => over(nodes.b).get('/api/v1/me', { cookie }),
        (answer) => answer.statusCode === 401,
        3_000,
      );
      figures['session ended on the other node after (ms)'] = Date.now() - signedOut;
      expect(session.statusCode).toBe(401);
      const bearer = await until(
        () => asBearer(nodes.b, token, '/api/v1/me'),
        (answer) => answer.statusCode === 401,
        3_000,
      );
      figures['bearer token revoked on the other node after (ms)'] = Date.now() - signedOut;
      expect(bearer.json().detail).toBe('The token was revoked: sign in again');
    });

    it('counts wrong passwords on every node together', async () => {
      // LOGIN_MAX_FAILURES_PER_ACCOUNT is 5: the five go to alternating nodes.
      for (let attempt = 0; attempt < 5; attempt++) {
        const node = attempt % 2 === 0 ? nodes.a : nodes.b;
        const refused = await bearerToken(node, 'other@demo.test', 'Wrong-Password-1');
        expect(refused.statusCode).toBe(401);
      }
      for (const node of [nodes.a, nodes.b]) {
        const locked = await bearerToken(node, 'other@demo.test');
        expect(locked.statusCode).toBe(429);
      }
    });

    it('a document uploaded through node A downloads through node B from the object store', async () => {
      const carrier = await userOf('carrier@demo.test');
      const shipment = await demoShipment(ShipmentStatus.Booked, carrier.companyId);
      const issued = await bearerToken(nodes.a, 'carrier@demo.test');
      const token = issued.json().data.accessToken as string;
      const upload = await over(nodes.a).request({
        method: 'POST',
        url: '/api/v2/documents',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify({
          name: 'delivery packet.pdf',
          type: DocumentType.ShipmentMiscellaneous,
          shipmentId: shipment.id,
          data: fixtures.pdf.toString('base64'),
        }),
      });
      expect(upload.statusCode).toBe(201);
      const { data } = upload.json();

      const download = await asBearer(nodes.b, token, data.fileURL as string);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(sha(download.rawPayload)).toBe(sha(fixtures.pdf));

      // The file is in the bucket, and on neither node's disk.
      const row = await db.system((tx) =>
        tx
          .selectFrom('documents')
          .select('storageKey')
          .where('id', '=', data.id as string)
          .executeTakeFirstOrThrow(),
      );
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const head = await client.send(
        new HeadObjectCommand({ Bucket: s3.bucket, Key: row.storageKey }),
      );
      client.destroy();
      expect(head.ContentLength).toBe(fixtures.pdf.length);
      for (const node of [nodes.a, nodes.b]) {
        const files = readdirSync(node.dataDir, { recursive: true, withFileTypes: true }).filter(
          (entry) => entry.isFile() && entry.name.endsWith('.pdf'),
        );
        expect(files).toEqual([]);
      }
    });

    it('a notification written through node A reaches a browser connected to node B', async () => {
      const dispatcher = browserOn(() => nodes.b);
      await dispatcher.signIn('dispatcher@demo.test', DEMO_PASSWORD);
      const who = await userOf('dispatcher@demo.test');
      const stream = openEventStream(nodes.b, dispatcher.cookieHeader());
      try {
        expect(await stream.opened).toBe(200);
        await until(
          async () => stream.events.map((event) => event.event),
          (names) => names.includes('ready'),
          10_000,
        );

        const carrier = browserOn(() => nodes.a);
        await carrier.signIn('carrier@demo.test', DEMO_PASSWORD);
        const shipment = await demoShipment(ShipmentStatus.Booked, who.companyId);
        const name = `${who.firstName} ${who.lastName}`;
        const text = ' the trailer number is on the bill of lading';
        const written = Date.now();
        const note = await carrier.write('POST', '/api/v2/notes', {
          entityId: shipment.shipmentNumber,
          entityType: EntityType.SHIPMENT,
          entityDescription: `Shipment ${shipment.shipmentNumber}`,
          entityLink: `/shipments/${shipment.shipmentNumber}`,
          noteContent: `@${name}${text}`,
          noteHTML: `<p>@${name}${text}</p>`,
          noteJSON: editorState(text, [{ id: who.id, name }]),
          notifyUsers: [{ id: who.id }],
        });
        expect(note.statusCode).toBe(201);
        const arrived = await until(
          async () => stream.events.filter((event) => event.event === 'notification'),
          (found) => found.length > 0,
          10_000,
        );
        figures['notification reached the other node after (ms)'] = arrived[0]!.at - written;
        const author = await userOf('carrier@demo.test');
        expect(arrived[0]!.data).toMatchObject({
          kind: 'NoteMention',
          title: `${author.firstName} ${author.lastName} mentioned you`,
          link: expect.stringContaining(`/${shipment.shipmentNumber}/`),
        });
      } finally {
        stream.close();
      }
    });

    it('jobs sent through node A run once each while the worker is killed and started again', async () => {
      const shipment = await demoShipment(ShipmentStatus.ReadyToBook, null);
      const carriers = (
        await db.system((tx) =>
          tx
            .selectFrom('companies')
            .select('id')
            .where('kind', '=', 'carrier')
            .where('isBookable', '=', true)
            .where('doNotUse', '=', false)
            .where('isOnHold', '=', false)
            .orderBy('name')
            .limit(3)
            .execute(),
        )
      ).map((company) => company.id);
      expect(carriers).toHaveLength(3);
      const operator = (await bearerToken(nodes.a, 'admin@demo.test')).json().data
        .accessToken as string;
      const started = await over(nodes.a).request({
        method: 'POST',
        url: `/api/v2/shipments/${shipment.shipmentNumber}/automatic_tendering`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` },
        payload: JSON.stringify({
          carrierRate: { rateType: 'Flat', chargeRateType: 'LineHaul', rate: 1400 },
          carriers: carriers.map((carrierId) => ({ carrierId, answerWindowMinutes: 1 })),
        }),
      });
      expect(started.statusCode).toBe(200);
      const outcome = await runWaterfallThroughWorkerRestart({
        db,
        shipmentId: shipment.id,
        waterfallId: started.json().data.waterfall.id as string,
        carriers,
        startWorker,
        started: (worker) => workers.push(worker),
      });
      figures['waterfall through a worker restart'] = outcome;
      figures['whole run (ms)'] = Date.now() - startedAt;
    }, 120_000);
  },
);
