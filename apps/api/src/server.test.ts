import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntityType } from '@portal/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { snapshotPath } from '../test/database-template';
import { editorState } from '../test/note-editor';
import { makeTestWorld, TEST_PASSWORD } from '../test/world';
import { openDatabase } from './db/database';
import { makeShipment } from './seed/factories';
import { apiRoot } from './shared/paths';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function newDataDir() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-server-'));
  dataDirs.push(dataDir);
  return dataDir;
}

/**
 * A data folder whose database is the tests' migrated template with the test world and a shipment
 * of the carrier's in it: the server starts on it without migrating, loading postal codes or
 * seeding, which on a busy machine take a minute.
 */
async function dataDirWithWorld() {
  const dataDir = newDataDir();
  const db = await openDatabase({
    dataDir: join(dataDir, 'pglite'),
    pgliteLoadDataDir: new Blob([readFileSync(snapshotPath())]),
  });
  try {
    const world = await makeTestWorld(db);
    const { shipment } = await db.system((tx) =>
      makeShipment(tx, {
        operatorCompanyId: world.operator.id,
        customerCompanyId: world.customer.id,
        carrierCompanyId: world.carrier.id,
      }),
    );
    return { dataDir, world, shipmentNumber: shipment.shipmentNumber };
  } finally {
    await db.close();
  }
}

/** `node src/server.ts` on a data folder (a fresh one by default), once it says it is running. */
async function startServer(env: Record<string, string>, dataDir = newDataDir()) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = spawn(process.execPath, ['--import', 'tsx', join(apiRoot, 'src/server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_ON_FIRST_START: 'false',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    server.on('exit', (code) => resolve(code)),
  );
  const deadline = Date.now() + 90_000;
  while (!output.includes('Carrier Portal is running at')) {
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await sleep(200);
  }
  return { server, port, exited, output: () => output };
}

// Engine-independent: run once, with the PGlite suite.
describe.skipIf(process.env.TEST_DB === 'postgres')('the server process', () => {
  it('starts on embedded defaults, answers, and on SIGTERM stops taking work and exits cleanly', async () => {
    const { server, port, exited, output } = await startServer({});
    const ready = await fetch(`http://localhost:${port}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('shutting down: finishing in-flight requests');
    await expect(fetch(`http://localhost:${port}/healthz`)).rejects.toThrow();
  }, 120_000);
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** performance.now() when the whole answer had arrived. */
  at: number;
}

/** The complete HTTP/1.1 answers at the start of a connection's bytes (each has a Content-Length). */
function completeAnswers(bytes: Buffer, at: number, known: Answer[]): Answer[] {
  const answers: Answer[] = [];
  let offset = 0;
  for (;;) {
    const headEnd = bytes.indexOf('\r\n\r\n', offset);
    if (headEnd < 0) break;
    const [statusLine, ...headerLines] = bytes.subarray(offset, headEnd).toString().split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length']);
    if (!Number.isInteger(length))
      throw new Error(`an answer without Content-Length: ${statusLine}`);
    if (bytes.length < headEnd + 4 + length) break;
    const body = bytes.subarray(headEnd + 4, headEnd + 4 + length).toString();
    answers.push({
      status: Number(statusLine!.split(' ')[1]),
      headers,
      body,
      at: known[answers.length]?.at ?? at,
    });
    offset = headEnd + 4 + length;
  }
  return answers;
}

/**
 * A client on a slow network: it sends the request line, the headers and the first bytes of a JSON
 * body at once, and the rest only when told, in pieces. With `then`, another request follows on
 * the same (keep-alive) connection right after the body.
 */
function slowRequest(
  port: number,
  options: {
    path: string;
    requestId: string;
    body: unknown;
    headers?: Record<string, string>;
    then?: string;
  },
) {
  const payload = Buffer.from(JSON.stringify(options.body));
  const socket = connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let answers: Answer[] = [];
  // Every answer the connection carried, once the server has closed it.
  const answered = new Promise<Answer[]>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      answers = completeAnswers(received, performance.now(), answers);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answers));
  });
  // A test that ends early must not leave the rejection unhandled.
  answered.catch(() => undefined);
  const head = [
    `POST ${options.path} HTTP/1.1`,
    `Host: localhost:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${payload.length}`,
    `X-Request-Id: ${options.requestId}`,
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  const firstBytes = 8;
  socket.write(head);
  socket.write(payload.subarray(0, firstBytes));
  return {
    requestId: options.requestId,
    answered,
    /** Sends the rest of the body in three pieces over `overMs`, then the request that follows. */
    async finish(overMs: number) {
      const rest = payload.subarray(firstBytes);
      const piece = Math.ceil(rest.length / 3);
      for (let sent = 0; sent < rest.length; sent += piece) {
        await sleep(overMs / 3);
        socket.write(rest.subarray(sent, sent + piece));
      }
      if (options.then) socket.write(options.then);
    },
  };
}

/** One request on a connection of its own; the answer and when it was complete, or the error's code. */
function requestOnce(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
) {
  return new Promise<Answer | { error: string }>((resolve) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        agent: false,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string>,
            body: response.complete ? body : `incomplete: ${body}`,
            at: performance.now(),
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A notification event stream as a browser holds it: ready once its first event came, ended when the server ends it. */
function openEventStream(port: number, authorization: string) {
  let body = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const ended = new Promise<{ complete: boolean; at: number } | { error: string }>((resolve) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/notifications/stream',
        headers: { authorization, accept: 'text/event-stream' },
      },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          if (body.includes('event: ready')) markReady();
        });
        response.on('end', () => resolve({ complete: response.complete, at: performance.now() }));
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
    request.end();
  });
  return { ready, ended };
}

/** The server's log lines as JSON (the lines that are not, such as the start banner, left out). */
function logLines(output: string): { msg?: string; reqId?: string }[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as { msg?: string; reqId?: string }];
    } catch {
      return [];
    }
  });
}

describe.skipIf(process.env.TEST_DB === 'postgres')('the server process under load', () => {
  it('on SIGTERM under load answers every request in flight in full, ends event streams, refuses new work, and exits 0 within SHUTDOWN_GRACE_MS', async () => {
    const graceMs = 8_000;
    const { dataDir, world, shipmentNumber } = await dataDirWithWorld();
    const { server, port, exited, output } = await startServer(
      { SHUTDOWN_GRACE_MS: String(graceMs) },
      dataDir,
    );
    const { carrierUser, otherCarrierUser, brokerUser, factoringUser, operatorUser } = world.users;
    const signIn = (user: { loginEmail: string | null }) => ({
      emailAddress: user.loginEmail,
      password: TEST_PASSWORD,
    });
    const token = (
      (await (
        await fetch(`http://127.0.0.1:${port}/api/v1/auth/authorize`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(signIn(carrierUser)),
        })
      ).json()) as { data: { accessToken: string } }
    ).data.accessToken;
    const authorization = `Bearer ${token}`;
    const note = (text: string) => ({
      entityType: EntityType.SHIPMENT,
      entityId: shipmentNumber,
      entityDescription: `Shipment ${shipmentNumber}`,
      entityLink: `/shipments/${shipmentNumber}`,
      noteContent: text,
      noteHTML: `<p>${text}</p>`,
      noteJSON: editorState(text),
      notifyUsers: [],
    });

    // A browser's notification stream, open before the load and kept open.
    const stream = openEventStream(port, authorization);
    await stream.ready;

    // Slow clients on keep-alive connections: two sign-ins and two notes whose bodies are still
    // arriving at SIGTERM; the last note's client then sends another request on its connection.
    const slow = [
      slowRequest(port, {
        path: '/api/v1/auth/authorize',
        requestId: 'slow-sign-in-1',
        body: signIn(otherCarrierUser),
      }),
      slowRequest(port, {
        path: '/api/v1/auth/authorize',
        requestId: 'slow-sign-in-2',
        body: signIn(brokerUser),
      }),
      slowRequest(port, {
        path: '/api/v2/notes',
        requestId: 'slow-note-1',
        body: note('written while the server stops'),
        headers: { authorization, 'idempotency-key': 'sigterm-note-1' },
      }),
      slowRequest(port, {
        path: '/api/v2/notes',
        requestId: 'slow-note-2',
        body: note('also written while the server stops'),
        headers: { authorization, 'idempotency-key': 'sigterm-note-2' },
        then: `GET /healthz HTTP/1.1\r\nHost: localhost:${port}\r\nX-Request-Id: after-note-2\r\n\r\n`,
      }),
    ];
    // Quick requests, each on a connection of its own, all at once: sign-ins (their password
    // check takes a while) and reads.
    const quickRequests: { path: string; body?: unknown }[] = [
      ...[carrierUser, otherCarrierUser, brokerUser, factoringUser, operatorUser, carrierUser].map(
        (user) => ({ path: '/api/v1/auth/authorize', body: signIn(user) }),
      ),
      ...Array.from({ length: 3 }, () => [
        { path: '/api/v1/me' },
        { path: '/api/v2/shipments?pageSize=20' },
        { path: '/api/v2/shipments?pageSize=5&list=tracking' },
        { path: `/api/v2/notes?entityType=${EntityType.SHIPMENT}&entityId=${shipmentNumber}` },
      ]).flat(),
    ];
    const quickDone = new Set<string>();
    const quick = quickRequests.map(({ path, body }, index) => {
      const requestId = `quick-${index}`;
      const answer = requestOnce(port, path, { authorization, 'x-request-id': requestId }, body);
      void answer.then(() => quickDone.add(requestId));
      return { requestId, answer };
    });

    // SIGTERM once the slow requests have reached the server and the quick ones are arriving:
    // some received and still being answered, some perhaps not yet received.
    const slowIds = slow.map((request) => request.requestId);
    const received = () =>
      new Set(
        logLines(output())
          .filter((line) => line.msg === 'incoming request')
          .map((line) => line.reqId),
      );
    const deadline = Date.now() + 20_000;
    for (;;) {
      const seen = received();
      if (
        slowIds.every((requestId) => seen.has(requestId)) &&
        quick.filter((q) => seen.has(q.requestId)).length >= 4
      )
        break;
      if (Date.now() > deadline) throw new Error(`requests not received:\n${output()}`);
      await sleep(5);
    }
    const sigtermAt = performance.now();
    server.kill('SIGTERM');
    const quickUnansweredAtSigterm = new Set(
      quick.filter((q) => !quickDone.has(q.requestId)).map((q) => q.requestId),
    );
    const exitCode = exited.then((code) => ({ code, at: performance.now() }));

    // New connections while the server finishes its work.
    const probes: (Answer | { error: string })[] = [];
    let stopped = false;
    void exitCode.then(() => (stopped = true));
    const probing = (async () => {
      while (!output().includes('shutting down: finishing in-flight requests')) await sleep(5);
      while (!stopped) {
        probes.push(await requestOnce(port, '/healthz'));
        await sleep(50);
      }
    })();
    await Promise.all(slow.map((request) => request.finish(1_500)));

    const slowAnswers = await Promise.all(slow.map((request) => request.answered));
    const quickAnswers = await Promise.all(quick.map((q) => q.answer));
    const { code, at: exitAt } = await exitCode;
    const streamEnd = await stream.ended;
    await probing;

    // In flight at SIGTERM: received by the server before its shutdown began (its log says so, in
    // order) and not answered yet.
    const lines = logLines(output());
    const shutdownLine = lines.findIndex(
      (line) => line.msg === 'shutting down: finishing in-flight requests',
    );
    expect(shutdownLine).toBeGreaterThan(0);
    const receivedBeforeShutdown = (requestId: string) => {
      const incoming = lines.findIndex(
        (line) => line.reqId === requestId && line.msg === 'incoming request',
      );
      return incoming >= 0 && incoming < shutdownLine;
    };
    for (const requestId of slowIds)
      expect(receivedBeforeShutdown(requestId), requestId).toBe(true);

    // The slow ones: answered in full after the SIGTERM (the server waited for their bodies), each
    // answer closing its keep-alive connection.
    for (const answers of slowAnswers.slice(0, 3)) expect(answers).toHaveLength(1);
    const [signIn1, signIn2, note1, note2] = slowAnswers.map((answers) => answers[0]!);
    for (const answer of [signIn1!, signIn2!, note1!, note2!]) {
      expect(answer.at).toBeGreaterThan(sigtermAt);
      expect(answer.headers.connection).toBe('close');
    }
    for (const answer of [signIn1!, signIn2!]) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ data: { accessToken: expect.any(String) } });
    }
    expect(note1!.status).toBe(201);
    expect(JSON.parse(note1!.body)).toMatchObject({
      data: { noteContent: 'written while the server stops' },
    });
    expect(note2!.status).toBe(201);
    expect(JSON.parse(note2!.body)).toMatchObject({
      data: { noteContent: 'also written while the server stops' },
    });
    // The request sent after note 2 on its connection was not served: refused with 503 if Node
    // had read it before note 2 was answered, else never read, the connection closing after note
    // 2's answer as that answer said. Either way the client knows to send it elsewhere.
    const afterNote2 = slowAnswers[3]!.slice(1);
    expect(afterNote2.length).toBeLessThanOrEqual(1);
    for (const answer of afterNote2)
      expect(answer).toMatchObject({ status: 503, headers: { connection: 'close' } });
    expect(
      lines.filter((line) => line.reqId === 'after-note-2').map((line) => line.msg),
    ).not.toContain('request completed');

    // The quick ones the server had received: answered in full, successfully. Those it had not
    // yet received were new work for a stopping server: refused, never half-answered.
    const quickFigures = {
      receivedBeforeShutdown: 0,
      inFlightAtSigterm: 0,
      refusedWithReset: 0,
      refusedWith503: 0,
    };
    for (const [index, answer] of quickAnswers.entries()) {
      const { requestId } = quick[index]!;
      if (receivedBeforeShutdown(requestId)) {
        quickFigures.receivedBeforeShutdown++;
        if (quickUnansweredAtSigterm.has(requestId)) quickFigures.inFlightAtSigterm++;
        expect(answer, requestId).toMatchObject({ status: 200 });
        const parsed: unknown = JSON.parse((answer as Answer).body);
        if (quickRequests[index]!.body)
          expect(parsed).toMatchObject({ data: { accessToken: expect.any(String) } });
        else expect(parsed).toEqual(expect.any(Object));
      } else {
        if ('error' in answer) {
          quickFigures.refusedWithReset++;
          expect(['ECONNRESET', 'ECONNREFUSED']).toContain(answer.error);
        } else {
          quickFigures.refusedWith503++;
          expect(answer).toMatchObject({ status: 503, headers: { connection: 'close' } });
        }
      }
    }
    expect(quickFigures.receivedBeforeShutdown).toBeGreaterThanOrEqual(4);

    // The event stream was ended by the server, cleanly, not cut by the process's exit.
    expect(streamEnd).toMatchObject({ complete: true });
    expect((streamEnd as { at: number }).at).toBeLessThan(exitAt);

    // New connections after the shutdown began: refused, the listener being closed.
    expect(probes.length).toBeGreaterThan(0);
    for (const probe of probes) expect(probe).toEqual({ error: 'ECONNREFUSED' });

    expect(code).toBe(0);
    const exitMs = exitAt - sigtermAt;
    expect(exitMs).toBeLessThan(graceMs);
    if (process.env.RELIABILITY_REPORT)
      console.info('sigterm under load', {
        // The four slow requests and the event stream, and the quick ones being answered.
        inFlightAtSigterm: slow.length + 1 + quickFigures.inFlightAtSigterm,
        quick: { sent: quick.length, ...quickFigures },
        failedInFlight: 0,
        newConnectionsTried: probes.length,
        newConnectionsRefused: probes.filter(
          (probe) => 'error' in probe && probe.error === 'ECONNREFUSED',
        ).length,
        lastAnswerAfterSigtermMs: Math.round(
          Math.max(...slowAnswers.flat().map((answer) => answer.at)) - sigtermAt,
        ),
        exitMs: Math.round(exitMs),
        graceMs,
      });
  }, 120_000);
});
