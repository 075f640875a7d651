import type { SessionReplaySetting } from '@portal/contract';
import type { Config } from '../../config/env';
import type { Tx } from '../../db/database';

/**
 * Whether sessions are recorded (decision 181): as the operator's administrators last set it, else
 * SESSION_REPLAY, else on exactly when a monitoring collector is configured.
 */
export async function readSessionReplaySetting(
  tx: Tx,
  config: Pick<Config, 'SESSION_REPLAY' | 'MONITORING_COLLECTOR_URL'>,
): Promise<SessionReplaySetting['data']> {
  const row = await tx.selectFrom('sessionReplaySetting').select('enabled').executeTakeFirst();
  if (row) return { enabled: row.enabled, source: 'setting' };
  const enabled = config.SESSION_REPLAY
    ? config.SESSION_REPLAY === 'on'
    : config.MONITORING_COLLECTOR_URL !== undefined;
  return { enabled, source: 'configuration' };
}
