import type { ClientErrorReport } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { tooManyRequests } from '../../shared/http/errors';
import { rateWindow } from '../../shared/http/rate-window';
import { redactSecrets } from '../../shared/http/redact-secrets';

/** Reports all addresses together may send a minute, per address allowed (decision 083). */
export const CLIENT_ERROR_TOTAL_FACTOR = 10;
const WINDOW_MS = 60_000;

/**
 * The browser error log: anyone may write to it, before sign-in too, so it is limited per address
 * and in total, its texts are redacted, and it is written as warnings: the server's own errors
 * stay the only ones logged as errors.
 */
export function clientErrorLog(perMinute: number) {
  const perAddress = rateWindow({ max: perMinute, windowMs: WINDOW_MS });
  const total = rateWindow({ max: perMinute * CLIENT_ERROR_TOTAL_FACTOR, windowMs: WINDOW_MS });
  return {
    record(
      report: ClientErrorReport,
      context: { address: string; userAgent?: string | undefined; log: FastifyBaseLogger },
    ) {
      const wait = perAddress.take(context.address) || total.take('all');
      if (wait) {
        throw tooManyRequests(
          `Too many error reports; try again in ${wait} second${wait === 1 ? '' : 's'}`,
        ).retryAfter(wait);
      }
      const clientError = {
        kind: report.kind,
        message: redactSecrets(report.message),
        path: redactSecrets(report.path),
        ...(report.stack ? { stack: redactSecrets(report.stack) } : {}),
        ...(report.status !== undefined ? { status: report.status } : {}),
      };
      context.log.warn(
        { clientError, userAgent: context.userAgent?.slice(0, 300) },
        `client ${clientError.kind}: ${clientError.message}`,
      );
    },
  };
}
