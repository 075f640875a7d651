import type { BookingRefusedAnswer } from '@portal/contract';
import type { BookingRefused } from './booking';

const TITLES = { 400: 'Bad Request', 403: 'Forbidden', 409: 'Conflict' } as const;

/**
 * The spec's "bookingSucceeded false" answer: each refusal as a message under its field. Every
 * booking route (the load board's and Book LTL order) answers a refusal with it.
 */
export function refusedAnswer(refused: BookingRefused): BookingRefusedAnswer {
  const errors: Record<string, string[]> = {};
  for (const error of refused.errors) (errors[error.field] ??= []).push(error.message);
  return {
    bookingSucceeded: false as const,
    status: refused.status,
    title: TITLES[refused.status],
    detail: refused.errors.map((error) => error.message).join(' '),
    errors,
    refusals: refused.errors.map(({ code, field, message }) => ({ code, field, message })),
  };
}
