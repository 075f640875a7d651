import { SESSION_REPLAY } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { deleteRecordingsBefore } from './repository';

const EVERY_MS = 60 * 60_000;

/** Deletes the recordings past their retention (decision 181); answers how many went. */
export function removeExpiredRecordings(
  db: Database,
  retentionDays: number = SESSION_REPLAY.retentionDays,
): Promise<number> {
  return db.system((tx) => deleteRecordingsBefore(tx, retentionDays));
}

/** Every hour, and once soon after start. Safe on every node: a delete of what has expired. */
export function startRecordingRetention(db: Database, logger: FastifyBaseLogger) {
  const run = () =>
    removeExpiredRecordings(db)
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, 'expired session recordings deleted');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'session recording clean-up failed'));
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
