import {
  ACCESS_TERMS_MESSAGES,
  hasAccess,
  NOT_AUTHORIZED_MESSAGE,
  type AccessRequirement,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpProblem, unauthorized } from '../http/errors';
import type { Caller } from './caller';

/**
 * One way of recognising a caller from a request (bearer token, session cookie, api key...).
 * Answers null when the request does not carry its kind of credential; throws when it carries a bad one.
 */
export type Authenticator = (request: FastifyRequest) => Promise<Caller | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; reading it on a public route throws. */
    readonly caller: Caller;
    callerOrNull: Caller | null;
  }
  interface FastifyContextConfig {
    /** No authentication at all (sign-in, health, documentation). */
    public?: boolean;
    /** Any one of the roles and any one of the permissions, as packages/domain defines them. */
    access?: AccessRequirement;
    /** Any API key passes the access rule too (the API documentation, for integrations). */
    openToApiKeys?: boolean;
    /**
     * Serves a user who has not accepted the current access terms yet: who they are, the terms,
     * accepting them, signing out (decision 180). Every other route refuses them.
     */
    beforeAccessTerms?: boolean;
    /** Only callers of a broker company; the text is the refusal the others get (403). */
    brokersOnly?: string;
    /**
     * Refuses callers of a broker company, with this text (403): the load board and what hangs off
     * it are the carriers' (decision 012). Checked before the route reads any id it was given.
     */
    brokersRefused?: string;
  }
}

/** Authentication happens here, once, for every API route (under /api) that is not marked public. */
export const authentication = fp<{ authenticators: Authenticator[] }>(
  async (app: FastifyInstance, { authenticators }) => {
    app.decorateRequest('callerOrNull', null);
    app.decorateRequest('caller', {
      getter(this: FastifyRequest) {
        if (!this.callerOrNull) throw unauthorized();
        return this.callerOrNull;
      },
    });
    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      const url = request.routeOptions.url;
      // The app's own files and pages are public; its data is not.
      if (config.public || !url || !(url === '/api' || url.startsWith('/api/'))) return;
      for (const authenticate of authenticators) {
        const caller = await authenticate(request);
        if (caller) {
          request.callerOrNull = caller;
          break;
        }
      }
      if (!request.callerOrNull) throw unauthorized();
      // The caller (and so this flag) comes from the auth cache: no extra query per request.
      if (request.callerOrNull.mustAcceptAccessTerms && !config.beforeAccessTerms)
        throw new HttpProblem(403, 'Access Terms Not Accepted', ACCESS_TERMS_MESSAGES.mustAccept);
      const keyPasses = config.openToApiKeys === true && request.callerOrNull.via === 'api-key';
      if (config.access && !keyPasses && !hasAccess(request.callerOrNull, config.access)) {
        throw forbidden(NOT_AUTHORIZED_MESSAGE);
      }
      if (config.brokersOnly && !request.callerOrNull.isBroker) throw forbidden(config.brokersOnly);
      if (config.brokersRefused && request.callerOrNull.isBroker)
        throw forbidden(config.brokersRefused);
      request.log = request.log.child({
        userId: request.callerOrNull.userId,
        companyId: request.callerOrNull.companyId,
      });
    });
  },
  { name: 'authentication' },
);
