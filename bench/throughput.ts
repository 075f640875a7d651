import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import type { ApiServer } from './lib';

// Throughput (issue 18 item 6): autocannon, in a process of its own, against a bare node:http server
// (the floor: what this machine serves when a request does nothing) and against the portal's
// endpoints on the same database, alternating floor and endpoint in one run so both see the same
// machine. CPU per request is the server process's own time (process.cpuUsage for the portal, which
// listens in this process; /proc for the floor's process) plus PostgreSQL's backends' time. The load
// generator's own time is read too: it shares the machine's cores with the server, and what it spends
// on an answer grows with the answer's size and with its wait.

const run = promisify(execFile);
/**
 * autocannon's script, run by this process's own Node: the load generator's cost per answer is part
 * of what the machine spends, and it runs on the same runtime as the server and the floor whatever
 * `node` the PATH finds first.
 */
export const AUTOCANNON = join(
  import.meta.dirname,
  '..',
  'node_modules',
  'autocannon',
  'autocannon.js',
);

/** The runtimes a run measures: every Node process of it (`processes`) runs this process's Node. */
export async function runtimeLine(
  pool: pg.Pool,
  processes = 'the server, the node:http floor and autocannon',
): Promise<string> {
  const { rows } = await pool.query<{ server_version: string }>('show server_version');
  return `Node ${process.version} (${processes}), PostgreSQL ${rows[0]!.server_version.split(' ')[0]}`;
}

export interface ThroughputEndpoint {
  name: string;
  path: string;
  token: string;
  /** The issue's budget for the endpoint: at least this share of the floor's req/s. */
  budgetShare?: number;
}

export interface ThroughputFigure {
  name: string;
  budgetShare?: number | undefined;
  /** The mean of the endpoint's runs. */
  requestsPerSecond: number;
  /** The mean of the runs' medians, and the highest of their 99th percentiles. */
  p50: number;
  p99: number;
  /** Node and PostgreSQL CPU per request, ms. */
  nodeCpuMs: number;
  postgresCpuMs: number;
  /** autocannon's CPU per request against the endpoint, ms. */
  loadGeneratorCpuMs: number;
  /** The floor server's CPU per request in the floor's runs, ms. */
  floorCpuMs: number;
  /** autocannon's CPU per request in the floor's runs, ms. */
  floorLoadGeneratorCpuMs: number;
  /** The endpoint's req/s over the floor's, both the mean of their runs in turn. */
  shareOfFloor: number;
  floorRequestsPerSecond: number;
  /** Each run's req/s in the order they ran, the floor's marked `f`. */
  runs: string[];
  loadAverage: number;
}

/** The fields of a /proc/<pid>/stat line after the command's name: field n of proc(5) is n - 3. */
const statFields = (line: string) => line.slice(line.lastIndexOf(') ') + 2).split(' ');

/** CPU milliseconds a set of processes has used so far (Linux: utime + stime in /proc). */
export function processCpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended: its time is lost to the figure.
    }
  }
  return ticks * 10;
}

const FLOOR_SOURCE = `
const http = require('node:http');
const body = JSON.stringify({ ok: true });
const server = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

/** The floor: a node:http server in a process of its own, answering a small JSON body. */
async function startFloor(): Promise<{ url: string; pid: number; stop(): void }> {
  const child = spawn(process.execPath, ['-e', FLOOR_SOURCE], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`The node:http floor exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid!, stop: () => child.kill() };
}

interface Cannon {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/**
 * autocannon run by a shell that, once it has waited for it, writes its own /proc stat line: the
 * children's times there (cutime, cstime) are autocannon's CPU. Node reaps a child at once, so its
 * times cannot be read from outside afterwards.
 */
const MEASURED = '"$0" "$@"; status=$?; cat /proc/$$/stat >&2; exit $status';

async function cannon(url: string, seconds: number, connections: number, token?: string) {
  const args = ['-c', String(connections), '-d', String(seconds), '-j'];
  if (token) args.push('-H', `authorization=Bearer ${token}`);
  const { stdout, stderr } = await run(
    'sh',
    ['-c', MEASURED, process.execPath, AUTOCANNON, ...args, url],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const result = JSON.parse(stdout) as Cannon;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} answers were not 2xx, ${result.errors} errors`);
  const stat = stderr.trim().split('\n').at(-1) ?? '';
  const fields = statFields(stat);
  const ticks = Number(fields[13]) + Number(fields[14]);
  if (!Number.isFinite(ticks)) throw new Error(`autocannon's CPU time was not readable: ${stat}`);
  return { ...result, cpuMs: ticks * 10 };
}

/**
 * For each endpoint (after a short warm-up): the floor and the endpoint for `seconds` each, `rounds`
 * times, the floor first in the odd rounds and the endpoint first in the even ones, with the CPU of
 * the server and of PostgreSQL read around each of the endpoint's runs. A guest whose speed drifts
 * while a run lasts weighs on both sides alike: a single floor run then a single endpoint run put a
 * slow spell on one side only.
 */
export async function throughputRun(
  server: ApiServer,
  endpoints: readonly ThroughputEndpoint[],
  options: { seconds: number; connections: number; rounds?: number },
): Promise<ThroughputFigure[]> {
  const rounds = Math.max(1, options.rounds ?? 1);
  const floor = await startFloor();
  const figures: ThroughputFigure[] = [];
  try {
    await cannon(floor.url, 2, options.connections);
    for (const endpoint of endpoints) {
      const url = `${server.baseUrl}${endpoint.path}`;
      const check = await fetch(url, { headers: { authorization: `Bearer ${endpoint.token}` } });
      if (!check.ok) throw new Error(`${endpoint.name} answered ${check.status}`);
      await cannon(url, 2, options.connections, endpoint.token);
      const pids = await server.backendPids();
      const floorSide = { requestsPerSecond: 0, requests: 0, serverMs: 0, cannonMs: 0 };
      const side = { ...floorSide, nodeMs: 0, postgresMs: 0, p50: 0, p99: 0 };
      const runs: string[] = [];
      const runFloor = async () => {
        const before = processCpuMs([floor.pid]);
        const result = await cannon(floor.url, options.seconds, options.connections);
        floorSide.serverMs += processCpuMs([floor.pid]) - before;
        floorSide.requestsPerSecond += result.requests.average / rounds;
        floorSide.requests += result.requests.total;
        floorSide.cannonMs += result.cpuMs;
        runs.push(`f ${result.requests.average.toFixed(0)}`);
      };
      const runEndpoint = async () => {
        const postgresBefore = processCpuMs(pids);
        const cpuBefore = process.cpuUsage();
        const result = await cannon(url, options.seconds, options.connections, endpoint.token);
        const cpu = process.cpuUsage(cpuBefore);
        side.postgresMs += processCpuMs(pids) - postgresBefore;
        side.nodeMs += (cpu.user + cpu.system) / 1000;
        side.requestsPerSecond += result.requests.average / rounds;
        side.requests += result.requests.total;
        side.cannonMs += result.cpuMs;
        side.p50 += result.latency.p50 / rounds;
        side.p99 = Math.max(side.p99, result.latency.p99);
        runs.push(result.requests.average.toFixed(0));
      };
      for (let round = 0; round < rounds; round++) {
        if (round % 2 === 0) {
          await runFloor();
          await runEndpoint();
        } else {
          await runEndpoint();
          await runFloor();
        }
      }
      const total = Math.max(1, side.requests);
      const floorTotal = Math.max(1, floorSide.requests);
      figures.push({
        name: endpoint.name,
        budgetShare: endpoint.budgetShare,
        requestsPerSecond: side.requestsPerSecond,
        p50: Math.round(side.p50),
        p99: side.p99,
        nodeCpuMs: side.nodeMs / total,
        postgresCpuMs: side.postgresMs / total,
        loadGeneratorCpuMs: side.cannonMs / total,
        floorCpuMs: floorSide.serverMs / floorTotal,
        floorLoadGeneratorCpuMs: floorSide.cannonMs / floorTotal,
        shareOfFloor: side.requestsPerSecond / floorSide.requestsPerSecond,
        floorRequestsPerSecond: floorSide.requestsPerSecond,
        runs,
        loadAverage: loadavg()[0]!,
      });
    }
  } finally {
    floor.stop();
  }
  return figures;
}

export function printThroughput(
  figures: readonly ThroughputFigure[],
  connections: number,
  rounds = 1,
) {
  const turns =
    rounds > 1
      ? `each endpoint and the node:http floor in turn, ${rounds} runs each (floor first, then endpoint first)`
      : 'each endpoint right after the node:http floor';
  const lines = [
    `Throughput: autocannon, ${connections} connections, ${turns}`,
    '| request | req/s | floor req/s | share of floor | p50 | p99 | CPU / request (Node + PostgreSQL) | autocannon CPU / request | floor CPU / request (server + autocannon) | runs in order, req/s (f: floor) | load average |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map(
      (figure) =>
        `| ${figure.name} | ${figure.requestsPerSecond.toFixed(0)} | ${figure.floorRequestsPerSecond.toFixed(0)} | ` +
        `${(figure.shareOfFloor * 100).toFixed(1)}% | ${figure.p50} ms | ${figure.p99} ms | ` +
        `${(figure.nodeCpuMs + figure.postgresCpuMs).toFixed(2)} ms (${figure.nodeCpuMs.toFixed(2)} + ${figure.postgresCpuMs.toFixed(2)}) | ` +
        `${figure.loadGeneratorCpuMs.toFixed(3)} ms | ` +
        `${(figure.floorCpuMs + figure.floorLoadGeneratorCpuMs).toFixed(3)} ms (${figure.floorCpuMs.toFixed(3)} + ${figure.floorLoadGeneratorCpuMs.toFixed(3)}) | ` +
        `${figure.runs.join(', ')} | ` +
        `${figure.loadAverage.toFixed(2)} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/**
 * What the machine's cores allow: the server, PostgreSQL and autocannon share them, so at a
 * request's CPU cost (all three) the cores serve at most cores / cost req/s, however well the server
 * keeps them busy. A budget's share of the floor then sets the CPU a request may cost the server
 * (Node + PostgreSQL) on this machine, with autocannon's own cost as measured.
 */
export function printCoresAllow(figures: readonly ThroughputFigure[]) {
  const cores = availableParallelism();
  const lines = [
    `What ${cores} cores allow: at each request's CPU cost (Node, PostgreSQL and autocannon together), the req/s the cores serve if kept wholly busy; for a budget's share of the floor, the Node + PostgreSQL CPU a request may cost here`,
    '| request | CPU / request, all three | req/s the cores allow | as a share of the floor | cores busy in the run | budget | Node + PostgreSQL CPU / request the budget allows here |',
    '|---|---|---|---|---|---|---|',
    ...figures.map((figure) => {
      const cost = figure.nodeCpuMs + figure.postgresCpuMs + figure.loadGeneratorCpuMs;
      const allowed = (cores * 1000) / cost;
      const budget = figure.budgetShare;
      const allowance =
        budget === undefined
          ? ''
          : `${((cores * 1000) / (budget * figure.floorRequestsPerSecond) - figure.loadGeneratorCpuMs).toFixed(2)} ms (now ${(figure.nodeCpuMs + figure.postgresCpuMs).toFixed(2)} ms)`;
      return (
        `| ${figure.name} | ${cost.toFixed(2)} ms | ${allowed.toFixed(0)} | ` +
        `${((allowed / figure.floorRequestsPerSecond) * 100).toFixed(1)}% | ` +
        `${((figure.requestsPerSecond * cost) / 1000).toFixed(2)} of ${cores} | ` +
        `${budget === undefined ? '' : `${(budget * 100).toFixed(0)}% of the floor`} | ${allowance} |`
      );
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
