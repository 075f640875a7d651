import { sql, type RawBuilder } from 'kysely';

/**
 * Whether the user has accepted the current access terms (the newest published version), as one
 * expression of the statement that reads the user: no round trip of its own. True when no terms
 * were ever published: there is nothing to accept. `userId` is the column holding the user's id.
 */
export function acceptedCurrentAccessTerms(userId: string): RawBuilder<boolean> {
  return sql<boolean>`coalesce((
    select exists (
      select 1 from access_terms_acceptances a
       where a.user_id = ${sql.ref(userId)} and a.version = t.version)
      from access_terms t
     where t.published_at <= now()
     order by t.published_at desc
     limit 1), true)`;
}
