import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import { conflict, invalidField, preconditionRequired } from './errors';

/**
 * Optimistic concurrency for every record two people can change at once: the version travels as
 * the ETag on reads and comes back as If-Match (or as version in the body) on writes.
 */

/** The If-Match header a versioned write accepts, documented for the record it names. */
export const ifMatchHeader = (what: string) =>
  Type.Object({
    'if-match': Type.Optional(
      Type.String({ description: `The ETag the ${what} was read with, e.g. "3"` }),
    ),
  });

export const etag = (version: number): string => `"${version}"`;

/** Sends a record's version as its ETag and answers the record. */
export function answerWithEtag<T extends { version: number }>(
  reply: FastifyReply,
  record: T,
): { data: T } {
  void reply.header('etag', etag(record.version));
  return { data: record };
}

/** What a versioned change by id needs from its request. */
export interface VersionedChange<Body> {
  id: string;
  body: Body;
  ifMatch: string | undefined;
  requestId: string;
}

export function versionedChange<Body>(request: {
  params: { id: string };
  body: Body;
  headers: { 'if-match'?: string };
  id: string;
}): VersionedChange<Body> {
  return {
    id: request.params.id,
    body: request.body,
    ifMatch: request.headers['if-match'],
    requestId: request.id,
  };
}

/**
 * The version the caller read, from If-Match ("3", W/"3" or 3) or the body's version. A body version
 * and an If-Match that disagree are a mistake worth naming.
 */
export function expectedVersion(
  ifMatch: string | string[] | undefined,
  bodyVersion: number | undefined,
  what = 'shipment',
): number | undefined {
  const header = Array.isArray(ifMatch) ? ifMatch[0] : ifMatch;
  let fromHeader: number | undefined;
  if (header !== undefined && header.trim() !== '' && header.trim() !== '*') {
    const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
    if (!match) throw invalidField('If-Match', `If-Match must be the ${what} version, e.g. "3"`);
    fromHeader = Number(match[1]);
  }
  if (fromHeader !== undefined && bodyVersion !== undefined && fromHeader !== bodyVersion) {
    throw invalidField('version', 'version and If-Match name different versions');
  }
  return fromHeader ?? bodyVersion;
}

/**
 * The version an edit was made from; an edit without one answers 428 (with the record's own
 * message when it has one), since two people could race on the record.
 */
export function requiredVersion(
  ifMatch: string | string[] | undefined,
  bodyVersion: number | undefined,
  what: string,
  missing = `Send the ${what} version you read, as If-Match or as version in the body`,
): number {
  const version = expectedVersion(ifMatch, bodyVersion, what);
  if (version === undefined) throw preconditionRequired(missing);
  return version;
}

/**
 * 409 for an edit made from an older version: nothing was written. The message is also the
 * version field's, which is what the web's central error handler shows.
 */
export function staleVersion(message: string) {
  return conflict(message, { version: [message] });
}
