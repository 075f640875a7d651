import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ApiServer } from './lib';

// Throughput (issue 18 item 6): autocannon, in a process of its own, against a bare node:http server
// (the floor: what this machine serves when a request does nothing) and against the portal's
// endpoints on the same database, alternating floor and endpoint in one run so both see the same
// machine. CPU per request is the server process's own time (process.cpuUsage for the portal, which
// listens in this process; /proc for the floor's process) plus PostgreSQL's backends' time. The load
// generator's own time is read too: it shares the machine's cores with the server, and what it spends
// on an answer grows with the answer's size and with its wait.

const run = promisify(execFile);
const autocannon = join(import.meta.dirname, '..', 'node_modules', '.bin', 'autocannon');

export interface ThroughputEndpoint {
  name: string;
  path: string;
  token: string;
}

export interface ThroughputFigure {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Node and PostgreSQL CPU per request, ms. */
  nodeCpuMs: number;
  postgresCpuMs: number;
  /** autocannon's CPU per request against the endpoint, ms. */
  loadGeneratorCpuMs: number;
  /** The floor server's CPU per request in the floor's run, ms. */
  floorCpuMs: number;
  /** autocannon's CPU per request in the floor's run, ms. */
  floorLoadGeneratorCpuMs: number;
  /** The endpoint's req/s over the floor's, measured just before it. */
  shareOfFloor: number;
  floorRequestsPerSecond: number;
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
  const { stdout, stderr } = await run('sh', ['-c', MEASURED, autocannon, ...args, url], {
    maxBuffer: 16 * 1024 * 1024,
  });
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
 * For each endpoint: the floor for `seconds`, then the endpoint for `seconds` (each after a short
 * warm-up), with the CPU of the server and of PostgreSQL read around the endpoint's run.
 */
export async function throughputRun(
  server: ApiServer,
  endpoints: readonly ThroughputEndpoint[],
  options: { seconds: number; connections: number },
): Promise<ThroughputFigure[]> {
  const floor = await startFloor();
  const figures: ThroughputFigure[] = [];
  try {
    await cannon(floor.url, 2, options.connections);
    for (const endpoint of endpoints) {
      const url = `${server.baseUrl}${endpoint.path}`;
      const check = await fetch(url, { headers: { authorization: `Bearer ${endpoint.token}` } });
      if (!check.ok) throw new Error(`${endpoint.name} answered ${check.status}`);
      const floorBefore = processCpuMs([floor.pid]);
      const floorRun = await cannon(floor.url, options.seconds, options.connections);
      const floorTotal = Math.max(1, floorRun.requests.total);
      const floorCpuMs = (processCpuMs([floor.pid]) - floorBefore) / floorTotal;
      await cannon(url, 2, options.connections, endpoint.token);
      const pids = await server.backendPids();
      const postgresBefore = processCpuMs(pids);
      const cpuBefore = process.cpuUsage();
      const result = await cannon(url, options.seconds, options.connections, endpoint.token);
      const cpu = process.cpuUsage(cpuBefore);
      const postgresMs = processCpuMs(pids) - postgresBefore;
      const total = Math.max(1, result.requests.total);
      figures.push({
        name: endpoint.name,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        nodeCpuMs: (cpu.user + cpu.system) / 1000 / total,
        postgresCpuMs: postgresMs / total,
        loadGeneratorCpuMs: result.cpuMs / total,
        floorCpuMs,
        floorLoadGeneratorCpuMs: floorRun.cpuMs / floorTotal,
        shareOfFloor: result.requests.average / floorRun.requests.average,
        floorRequestsPerSecond: floorRun.requests.average,
        loadAverage: loadavg()[0]!,
      });
    }
  } finally {
    floor.stop();
  }
  return figures;
}

export function printThroughput(figures: readonly ThroughputFigure[], connections: number) {
  const lines = [
    `Throughput: autocannon, ${connections} connections, each endpoint right after the node:http floor`,
    '| request | req/s | floor req/s | share of floor | p50 | p99 | CPU / request (Node + PostgreSQL) | autocannon CPU / request | floor CPU / request (server + autocannon) | load average |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map(
      (figure) =>
        `| ${figure.name} | ${figure.requestsPerSecond.toFixed(0)} | ${figure.floorRequestsPerSecond.toFixed(0)} | ` +
        `${(figure.shareOfFloor * 100).toFixed(1)}% | ${figure.p50} ms | ${figure.p99} ms | ` +
        `${(figure.nodeCpuMs + figure.postgresCpuMs).toFixed(2)} ms (${figure.nodeCpuMs.toFixed(2)} + ${figure.postgresCpuMs.toFixed(2)}) | ` +
        `${figure.loadGeneratorCpuMs.toFixed(3)} ms | ` +
        `${(figure.floorCpuMs + figure.floorLoadGeneratorCpuMs).toFixed(3)} ms (${figure.floorCpuMs.toFixed(3)} + ${figure.floorLoadGeneratorCpuMs.toFixed(3)}) | ` +
        `${figure.loadAverage.toFixed(2)} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
