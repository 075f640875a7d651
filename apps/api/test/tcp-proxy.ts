import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the API and PostgreSQL that a test can break: reset every connection, or
 * black the database out (connections held open, nothing passing either way) and bring it back.
 */
export interface FaultyProxy {
  readonly port: number;
  /** Connections passed through so far. */
  readonly connections: number;
  /** Resets every open connection (TCP RST to both sides). */
  resetAll(): void;
  /** From now on nothing passes: open connections go silent, new ones are accepted and held. */
  blackout(): void;
  /** The database is back: silent connections are dropped, new ones pass again. */
  restore(): void;
  /**
   * The next transaction that inserts a row loses the answer to its COMMIT: the COMMIT reaches the
   * database and is carried out, then the connection is reset before the answer passes back (a
   * write that holds but whose acknowledgement is lost). Resolves when that has happened.
   */
  loseNextCommitAnswer(): Promise<void>;
  close(): Promise<void>;
}

const INSERT_TAG = Buffer.from('INSERT 0 ');
const COMMIT_TAG = Buffer.from('COMMIT\0');

export async function startFaultyProxy(target: {
  host: string;
  port: number;
}): Promise<FaultyProxy> {
  const pairs = new Set<{ client: Socket; server?: Socket; inserted: boolean }>();
  const held = new Set<Socket>();
  let dark = false;
  let connections = 0;
  let loseCommitAnswer: (() => void) | undefined;

  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    if (dark) {
      // Accepted, never answered: what a connection to an unreachable database looks like.
      held.add(client);
      client.on('close', () => held.delete(client));
      return;
    }
    connections++;
    const upstream = connect(target);
    upstream.on('error', () => client.destroy());
    const pair = { client, server: upstream, inserted: false };
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', forget);
    upstream.on('close', forget);
    client.on('data', (chunk) => {
      if (!dark) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (loseCommitAnswer) {
        // The tags of PostgreSQL's CommandComplete messages: "INSERT 0 <rows>", then "COMMIT".
        if (chunk.includes(INSERT_TAG)) pair.inserted = true;
        if (pair.inserted && chunk.includes(COMMIT_TAG)) {
          const lost = loseCommitAnswer;
          loseCommitAnswer = undefined;
          client.resetAndDestroy();
          upstream.resetAndDestroy();
          lost();
          return;
        }
      }
      if (!dark) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');

  const resetAll = () => {
    for (const pair of [...pairs]) {
      pair.client.resetAndDestroy();
      pair.server?.resetAndDestroy();
    }
    pairs.clear();
  };
  return {
    port: address.port,
    get connections() {
      return connections;
    },
    resetAll,
    blackout() {
      dark = true;
    },
    restore() {
      dark = false;
      resetAll();
      for (const socket of held) socket.resetAndDestroy();
      held.clear();
    },
    loseNextCommitAnswer() {
      for (const pair of pairs) pair.inserted = false;
      return new Promise<void>((resolve) => (loseCommitAnswer = resolve));
    },
    async close() {
      resetAll();
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
