import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/database';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The company the message concerns, for the outbox's readers. */
  companyId?: string | null;
}

export interface Mailer {
  /** Sending for real (SMTP) or only keeping messages in the outbox. */
  readonly mode: 'smtp' | 'outbox';
  /**
   * Writes the message to the outbox in the caller's transaction, so it exists exactly when the
   * change that caused it does. Call `deliver()` after the transaction commits.
   */
  enqueue(tx: Tx, email: OutgoingEmail): Promise<string>;
  /** Sends what is waiting (SMTP); a no-op when messages stay in the outbox. */
  deliver(): Promise<number>;
  /** Retries unsent messages every minute (SMTP only). */
  start(): void;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  /** Local development only: the message text (with its links) goes to the log at debug level. */
  logBodies: boolean;
  logger: Pick<FastifyBaseLogger, 'info' | 'debug' | 'warn'>;
}

const MAX_ATTEMPTS = 5;
const BATCH = 20;

/**
 * E-mail through the `email_outbox` table. With SMTP configured, messages are claimed with a
 * lease (several API nodes never send one twice) and sent; failures are retried with a growing
 * delay. Without SMTP they stay in the outbox, which the operator's administrators can read, and
 * the log records that a message was queued (never its body, except at debug level locally).
 */
export function createMailer(db: Database, options: MailerOptions): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function sendBatch(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (;;) {
      const claimed = await db.system((tx) =>
        sql<{
          id: string;
          toAddress: string;
          subject: string;
          textBody: string;
          htmlBody: string | null;
          attempts: number;
        }>`
          update email_outbox set lease_until = now() + interval '2 minutes', attempts = attempts + 1
          where id in (select id from email_outbox
                       where sent_at is null and attempts < ${MAX_ATTEMPTS}
                         and (lease_until is null or lease_until < now())
                       order by created_at limit ${BATCH} for update skip locked)
          returning id, to_address as "toAddress", subject, text_body as "textBody",
                    html_body as "htmlBody", attempts`.execute(tx),
      );
      if (claimed.rows.length === 0) return sent;
      for (const message of claimed.rows) {
        try {
          await transport.sendMail({
            from: options.from,
            to: message.toAddress,
            subject: message.subject,
            text: message.textBody,
            ...(message.htmlBody ? { html: message.htmlBody } : {}),
          });
          await db.system((tx) =>
            tx
              .updateTable('emailOutbox')
              .set({ sentAt: sql<Date>`now()`, leaseUntil: null, lastError: null })
              .where('id', '=', message.id)
              .execute(),
          );
          sent++;
          options.logger.info({ emailId: message.id, to: message.toAddress }, 'e-mail sent');
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          await db.system((tx) =>
            tx
              .updateTable('emailOutbox')
              .set({
                lastError: reason.slice(0, 500),
                leaseUntil: sql<Date>`now() + make_interval(mins => ${message.attempts * 2})`,
              })
              .where('id', '=', message.id)
              .execute(),
          );
          options.logger.warn({ emailId: message.id, reason }, 'e-mail not sent; will retry');
        }
      }
    }
  }

  return {
    mode: transport ? 'smtp' : 'outbox',
    async enqueue(tx, email) {
      // No RETURNING: a tenant may write to the outbox but not read it back.
      const row = { id: randomUUID() };
      await tx
        .insertInto('emailOutbox')
        .values({
          id: row.id,
          companyId: email.companyId ?? null,
          toAddress: email.to,
          subject: email.subject,
          textBody: email.text,
          htmlBody: email.html ?? null,
        })
        .execute();
      if (!transport) {
        options.logger.info(
          { emailId: row.id, to: email.to, subject: email.subject },
          'e-mail queued in the outbox (no SMTP configured)',
        );
        if (options.logBodies)
          options.logger.debug({ emailId: row.id, text: email.text }, 'e-mail text (local only)');
      }
      return row.id;
    },
    deliver() {
      if (!transport) return Promise.resolve(0);
      // One sender per node at a time; a call while one runs waits for it.
      running ??= sendBatch().finally(() => {
        running = undefined;
      });
      return running;
    },
    start() {
      if (!transport || timer) return;
      timer = setInterval(() => {
        this.deliver().catch((error: unknown) =>
          options.logger.warn({ err: error }, 'e-mail delivery round failed'),
        );
      }, 60_000);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
      transport?.close();
    },
  };
}

/** Escapes text for the HTML part of a message. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
