import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

const EVERY_MS = 10 * 60_000;

/**
 * Removes what has expired: the provider's state, ended sessions, old throttle counters and spent
 * links. Reads already ignore all of it; this only keeps the tables small. Safe on every node.
 */
export async function removeExpiredIdentityState(db: Database): Promise<Record<string, number>> {
  return db.system(async (tx) => {
    const count = async (query: Promise<unknown[]>) => (await query).length;
    return {
      providerState: await count(
        tx
          .deleteFrom('oidcPayloads')
          .where('expiresAt', '<', sql<Date>`now()`)
          .returning('id')
          .execute(),
      ),
      sessions: await count(
        tx
          .deleteFrom('userSessions')
          .where((eb) =>
            eb.or([
              eb('idleExpiresAt', '<', sql<Date>`now()`),
              eb('absoluteExpiresAt', '<', sql<Date>`now()`),
            ]),
          )
          .returning('idHash')
          .execute(),
      ),
      throttles: await count(
        tx
          .deleteFrom('authThrottle')
          .where('windowStartedAt', '<', sql<Date>`now() - interval '1 day'`)
          .where((eb) =>
            eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', sql<Date>`now()`)]),
          )
          .returning('key')
          .execute(),
      ),
      links: await count(
        tx
          .deleteFrom('passwordTokens')
          .where('expiresAt', '<', sql<Date>`now() - interval '7 days'`)
          .returning('id')
          .execute(),
      ),
    };
  });
}

export function startIdentityMaintenance(db: Database, logger: FastifyBaseLogger) {
  const timer = setInterval(() => {
    removeExpiredIdentityState(db)
      .then((removed) => logger.debug({ removed }, 'expired identity state removed'))
      .catch((error: unknown) => logger.warn({ err: error }, 'identity clean-up failed'));
  }, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
