import type { ClientErrorReport } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { tooManyRequests } from '../../shared/http/errors';
import { rateWindow } from '../../shared/http/rate-window';
import { redactSecrets } from '../../shared/http/redact-secrets';

/** Reports one address may send a minute, and all addresses together (decision 083). */
export const CLIENT_ERROR_LIMITS = { perAddress: 20, total: 300, windowMs: 60_000 } as const;

/**
 * The browser error log: anyone may write to it, before sign-in too, so it is limited per address
 * and in total, its texts are redacted, and it is written as warnings: the server's own errors
 * stay the only ones logged as errors.
 */
export function clientErrorLog() {
  const perAddress = rateWindow({
    max: CLIENT_ERROR_LIMITS.perAddress,
    windowMs: CLIENT_ERROR_LIMITS.windowMs,
  });
  const total = rateWindow({
    max: CLIENT_ERROR_LIMITS.total,
    windowMs: CLIENT_ERROR_LIMITS.windowMs,
  });
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
