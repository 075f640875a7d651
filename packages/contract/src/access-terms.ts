import Type, { type Static } from 'typebox';
import { DataOf } from './common';

/** The current access terms (decision 180), and when the caller accepted them (null: not yet). */
export const AccessTerms = Type.Object({
  version: Type.String(),
  title: Type.String(),
  /** Plain text; paragraphs are separated by a blank line. */
  body: Type.String(),
  publishedAt: Type.String({ format: 'date-time' }),
  acceptedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type AccessTerms = Static<typeof AccessTerms>;
export const AccessTermsAnswer = DataOf(AccessTerms);
export type AccessTermsAnswer = Static<typeof AccessTermsAnswer>;

/** The version the user read and accepts: accepting another than the current one is refused. */
export const AcceptAccessTermsBody = Type.Object(
  { version: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export type AcceptAccessTermsBody = Static<typeof AcceptAccessTermsBody>;

export const AccessTermsAcceptance = DataOf(
  Type.Object({ version: Type.String(), acceptedAt: Type.String({ format: 'date-time' }) }),
);
export type AccessTermsAcceptance = Static<typeof AccessTermsAcceptance>;
