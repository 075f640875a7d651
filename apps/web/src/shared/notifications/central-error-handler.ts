import { centralErrorMessages } from '@portal/domain';
import { ApiError } from '../api/client';
import { logClientError } from './client-error-log';
import { toast } from './toast';

/** The status and body of a failed call; no status when the request never got an answer. */
function answerOf(error: unknown): { status: number | undefined; body: unknown } {
  if (error instanceof ApiError) return { status: error.status, body: error.problem };
  return { status: undefined, body: undefined };
}

/**
 * The central error handler of data-operations section 8: each message of the errors map, else each
 * model-state entry, else the error's Message; "An Unknown Error Occurred" when there was no answer.
 * Every error is also sent to the server's log.
 */
export function handleApiError(error: unknown, options: { login?: boolean } = {}): string[] {
  const { status, body } = answerOf(error);
  const messages = centralErrorMessages(status, body, options);
  for (const message of messages) toast.error(message);
  reportApiError(error);
  return messages;
}

/** Logs a failed call on the server without telling the user (the screen shows it already). */
export function reportApiError(error: unknown) {
  const { status } = answerOf(error);
  logClientError({
    kind: 'request',
    message: error instanceof Error ? error.message : String(error),
    ...(status !== undefined ? { status } : {}),
  });
}
