import { GENERAL_MESSAGES } from '@portal/domain';
import { ApiError } from '../../../shared/api/client';

/** The server's own words for a refusal: its detail and the messages by field. */
export function problemText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === undefined)
    return GENERAL_MESSAGES.unknownError;
  const fieldMessages = Object.values(error.problem?.errors ?? {}).flat();
  const main = error.problem?.detail ?? error.problem?.title ?? error.message;
  return [main, ...fieldMessages.filter((message) => message !== main)].join(' ');
}
