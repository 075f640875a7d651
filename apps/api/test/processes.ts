import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { repoRoot } from '../src/shared/paths';

/** A server or worker of the portal running as its own process, as production runs it. */
export interface PortalProcess {
  readonly child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Ends it (SIGTERM, or SIGKILL for a crash) and waits until it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `node` arguments that run a TypeScript entry point from the source. */
export const fromSource = (entry: string) => ['--import', 'tsx', entry];

/**
 * Starts `node <args>` from the repository's root with the given environment and waits until it
 * prints `ready` (on stdout or stderr). Exiting first fails with what it printed.
 */
export async function startPortalProcess(
  args: string[],
  env: Record<string, string>,
  ready: string,
  timeoutMs = 90_000,
): Promise<PortalProcess> {
  const entry = args.at(-1) ?? '';
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!output.includes(ready)) reject(new Error(`${entry} exited ${code}:\n${output}`));
    });
  });
  return {
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A TCP port nobody listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
