import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { isConnectionLoss } from '../../db/connection-loss';

// The answer every failure takes, as the spec's central handler reads it: a title, a detail,
// the status, and an `errors` map of field name to messages where a field was at fault.
export const ProblemSchema = Type.Object(
  {
    status: Type.Integer(),
    title: Type.String(),
    detail: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'Problem', description: 'An error answer' },
);

export type FieldErrors = Record<string, string[]>;

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldErrors,
  ) {
    super(detail ?? title);
    this.name = 'HttpProblem';
  }

  /** Seconds a client should wait before trying again (sent as Retry-After). */
  retryAfterSeconds?: number;

  retryAfter(seconds: number): this {
    this.retryAfterSeconds = seconds;
    return this;
  }
}

export const badRequest = (detail: string, errors?: FieldErrors) =>
  new HttpProblem(400, 'Bad Request', detail, errors);
/** One field at fault: the message names it. */
export const invalidField = (field: string, message: string) =>
  new HttpProblem(400, 'Bad Request', message, { [field]: [message] });
export const unauthorized = (detail = 'Authentication is required') =>
  new HttpProblem(401, 'Unauthorized', detail);
export const forbidden = (detail = 'You are not Authorized for this content') =>
  new HttpProblem(403, 'Forbidden', detail);
/** Missing and not-yours answer alike. */
export const notFound = (what: string) => new HttpProblem(404, 'Not Found', `${what} not found`);
export const conflict = (detail: string, errors?: FieldErrors) =>
  new HttpProblem(409, 'Conflict', detail, errors);
export const preconditionRequired = (detail: string) =>
  new HttpProblem(428, 'Precondition Required', detail);
export const payloadTooLarge = (detail: string) =>
  new HttpProblem(413, 'Payload Too Large', detail);
export const unsupportedMediaType = (detail: string) =>
  new HttpProblem(415, 'Unsupported Media Type', detail);
export const tooManyRequests = (detail: string) =>
  new HttpProblem(429, 'Too Many Requests', detail);
/** Seconds a client waits before retrying a request the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
/** The database was unreachable or too slow: only this request fails, and it may be sent again. */
export const databaseUnavailable = () =>
  new HttpProblem(
    503,
    'Service Unavailable',
    'The database is not answering; please try again in a moment',
  ).retryAfter(DATABASE_RETRY_AFTER_SECONDS);

interface AjvLikeError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

// '/stops/0/postalCode' -> 'stops[0].postalCode'
function fieldName(path: string): string {
  return path
    .split('/')
    .filter(Boolean)
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}

// TypeBox and ajv name missing and unknown properties differently; both end up as one message per field.
function describeValidationError(
  error: AjvLikeError,
  part: string,
): { field: string; message: string }[] {
  const base = fieldName(error.instancePath);
  const join = (child: string) => (base ? `${base}.${child}` : child);
  const names = (single: unknown, many: unknown) =>
    Array.isArray(many) ? many.map(String) : single !== undefined ? [String(single)] : [];
  switch (error.keyword) {
    case 'required':
      return names(error.params.missingProperty, error.params.requiredProperties).map((name) => ({
        field: join(name),
        message: `${join(name)} is required`,
      }));
    case 'additionalProperties':
      return names(error.params.additionalProperty, error.params.additionalProperties).map(
        (name) => ({
          field: join(name),
          message: `${join(name)} is not a known field`,
        }),
      );
    case 'boolean':
      // The "schema is false" twin of an additionalProperties error: already reported.
      return [];
    case 'enum': {
      const field = base || part;
      const allowed = (error.params.allowedValues as unknown[] | undefined)?.join(', ');
      return [{ field, message: `${field} must be one of: ${allowed}` }];
    }
    default: {
      const field = base || part;
      return [{ field, message: `${field} ${error.message ?? 'is not valid'}` }];
    }
  }
}

export function validationProblem(errors: readonly AjvLikeError[], part: string): HttpProblem {
  // A map, not an object: the field names come from the request (an unknown field named
  // `constructor` or `__proto__` would find the object's own prototype's members).
  const fields = new Map<string, string[]>();
  for (const error of errors) {
    // anyOf/oneOf failures repeat each branch's complaint; the caller needs the field, once.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    for (const { field, message } of describeValidationError(error, part)) {
      let messages = fields.get(field);
      if (!messages) fields.set(field, (messages = []));
      if (!messages.includes(message)) messages.push(message);
    }
  }
  const first = fields.values().next().value?.[0] ?? `The ${part} is not valid`;
  const answer: FieldErrors = Object.fromEntries(fields);
  return new HttpProblem(400, 'One or more validation errors occurred.', first, answer);
}

export function sendProblem(reply: FastifyReply, problem: HttpProblem, requestId?: string) {
  if (problem.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(problem.retryAfterSeconds));
  return reply
    .status(problem.status)
    .type('application/problem+json')
    .send({
      status: problem.status,
      title: problem.title,
      ...(problem.detail ? { detail: problem.detail } : {}),
      ...(problem.errors ? { errors: problem.errors } : {}),
      ...(requestId ? { requestId } : {}),
    });
}

/** The one error handler: known problems answer as they are, framework errors are translated, the rest are 500s. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpProblem) {
    if (error.status >= 500) request.log.error({ err: error }, error.message);
    return sendProblem(reply, error, request.id);
  }
  if (error.validation) {
    return sendProblem(
      reply,
      validationProblem(error.validation as AjvLikeError[], error.validationContext ?? 'request'),
      request.id,
    );
  }
  if ((error.statusCode ?? 500) >= 500 && isConnectionLoss(error)) {
    // Not the server's fault nor the caller's: logged once, without the stack, as a warning.
    request.log.warn({ err: { message: error.message } }, 'database unavailable');
    return sendProblem(reply, databaseUnavailable(), request.id);
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    const detail =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? `The request body is not valid JSON: ${error.message}`
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is empty but its Content-Type says JSON'
          : error.message;
    const field = error.code?.startsWith('FST_ERR_CTP') ? { body: [detail] } : undefined;
    return sendProblem(reply, new HttpProblem(status, titleFor(status), detail, field), request.id);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(
    reply,
    new HttpProblem(
      500,
      'Internal Server Error',
      'Something went wrong on our side; it has been logged.',
    ),
    request.id,
  );
}

function titleFor(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    406: 'Not Acceptable',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
  };
  return titles[status] ?? 'Request not successful';
}
