import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyRequest,
  type FastifySchema,
} from 'fastify';
import { Problem } from '@portal/contract';
import { API_DOCUMENTATION_ACCESS } from '@portal/domain';
import type { AppContext } from './shared/app-context';
import { defaultedQueryParametersOptional } from './shared/http/openapi-defaults';
import { compression } from './shared/http/compression';
import { securityHeaders } from './shared/http/security-headers';
import { accessRequestRoutes } from './features/access-requests/routes';
import { apiKeyRoutes } from './features/api-keys/routes';
import { applicationUpdateRoutes } from './features/application-updates/routes';
import { authRoutes } from './features/auth/routes';
import { driverLinkRoutes } from './features/driver-links/routes';
import { emailOutboxRoutes } from './features/email-outbox/routes';
import { equipmentRoutes } from './features/equipment/routes';
import { clientConfigRoutes } from './features/client-config/routes';
import { staticDataRoutes } from './features/static-data/routes';
import { contactRoutes } from './features/contacts/routes';
import { invoiceRoutes } from './features/invoices/routes';
import { notificationRoutes } from './features/notifications/routes';
import { paymentRoutes } from './features/payments/routes';
import { rateRequestRoutes } from './features/rate-requests/routes';
import { tenderRoutes } from './features/tenders/routes';
import { orderRoutes } from './features/orders/routes';
import { caseRoutes } from './features/cases/routes';
import { carrierScorecardRoutes } from './features/carrier-scorecard/routes';
import { documentRoutes } from './features/documents/routes';
import { noteRoutes } from './features/notes/routes';
import { healthRoutes } from './features/health/routes';
import { createBuiltInProvider } from './features/identity-provider/provider';
import { identityProviderRoutes } from './features/identity-provider/routes';
import { meRoutes } from './features/me/routes';
import { accessTermsRoutes } from './features/access-terms/routes';
import { sessionReplayRoutes } from './features/session-replays/routes';
import { profileRoutes } from './features/profile/routes';
import { quickSearchRoutes } from './features/quick-searches/routes';
import { thirdPartyInvoiceRoutes } from './features/third-party-invoices/routes';
import { sessionRoutes } from './features/session/routes';
import { sessionService } from './features/session/service';
import { createSignInClient } from './features/session/sign-in-client';
import { apiKeyAuthenticator } from './shared/auth/api-key';
import { shipmentExecutionRoutes } from './features/shipment-execution/routes';
import { shipmentPaperworkRoutes } from './features/shipment-paperwork/routes';
import { shipmentRoutes } from './features/shipments/routes';
import { tripRoutes } from './features/trips/routes';
import { bookingRoutes } from './features/bookings/routes';
import { loadBoardRoutes } from './features/load-board/routes';
import { locationRoutes } from './features/locations/routes';
import { rateRoutes } from './features/rates/routes';
import { savedLaneRoutes } from './features/saved-lanes/routes';
import { liveEquipmentRoutes } from './features/live-equipment/routes';
import { videoRoutes } from './features/videos/routes';
import { authentication } from './shared/auth/authenticate';
import { bearerAuthenticator } from './shared/auth/bearer';
import { sessionAuthenticator } from './shared/auth/session-authenticator';
import { errorHandler, notFound } from './shared/http/errors';
import { validatorCompiler } from './shared/http/validation';
import { repoRoot } from './shared/paths';
import { trustedProxies } from './config/env';
import { responseSerializerFactory } from './shared/http/response-serialization';
import { redactSecrets } from './shared/http/redact-secrets';
import { redirectToPublicHost } from './shared/http/canonical-host';
import { signedInPreloadHeaders } from './shared/http/signed-in-preloads';
import { SESSION_COOKIE } from './shared/auth/sessions';

export const WEB_DIST = join(repoRoot, 'apps', 'web', 'dist');

export interface CatalogRoute {
  method: string;
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its method, URL, configuration (public, access) and schema. */
    readonly routeCatalog: readonly CatalogRoute[];
  }
}

export interface BuildOptions {
  /** The process's pino logger; silent when absent (tests). */
  logger?: FastifyBaseLogger;
  /** Serve the built single-page app (off in API tests). */
  serveWeb?: boolean;
}

// Never written to a log: credentials, cookies, secrets.
export const LOG_REDACTIONS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["api-key"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.accessToken',
  '*.refreshToken',
];

// Request URLs are logged with the secrets some of them carry (reset tokens, driver-link tokens,
// authorization codes) replaced; otherwise as Fastify logs them.
export const LOG_SERIALIZERS = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

export async function buildApp(
  ctx: AppContext,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Long path parameters reach their route, which says what is wrong with them (not a bare 414):
    // longer than any request line Node's parser accepts (16 KB), so every one does.
    routerOptions: { maxParamLength: 65_536 },
    // X-Forwarded-For is believed only from the configured proxies: anyone else could spray
    // addresses past the per-address sign-in limit.
    trustProxy: trustedProxies(ctx.config.TRUSTED_PROXIES).length
      ? trustedProxies(ctx.config.TRUSTED_PROXIES)
      : false,
    ajv: { customOptions: { removeAdditional: false } },
    schemaController: { compilersFactory: { buildSerializer: responseSerializerFactory } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Every route the server answers, for the tenant-isolation matrix and anyone else who asks.
  const routeCatalog: CatalogRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // The configuration is read late: hooks registered after this one may still set it (docs).
    for (const method of methods)
      routeCatalog.push({
        method,
        url: route.url,
        get config() {
          return route.config ?? {};
        },
        schema: route.schema,
      });
  });
  app.decorate('routeCatalog', routeCatalog);

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);

  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // The monitoring collector, when one is configured, is the only other address called.
        connectSrc: [
          "'self'",
          ...(ctx.config.MONITORING_COLLECTOR_URL
            ? [new URL(ctx.config.MONITORING_COLLECTOR_URL).origin]
            : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: ctx.config.PUBLIC_URL.startsWith('https://'),
  });

  redirectToPublicHost(app, ctx.config.PUBLIC_URL);
  await compression(app);

  // Every operation that takes input may answer 400 naming the field (the validator's answer, NUL
  // characters, numbers beyond 32 bits, a body that is not JSON): documented on each, so the
  // document lists every status a caller can get (found by the schema fuzzing, decision 187).
  app.addHook('onRoute', (route) => {
    const schema = route.schema as
      | {
          params?: unknown;
          querystring?: unknown;
          body?: unknown;
          response?: Record<string, unknown>;
        }
      | undefined;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const takesBody = methods.some((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method));
    if (!schema?.response || !(schema.params || schema.querystring || schema.body || takesBody))
      return;
    if (schema.response['400'] !== undefined) return;
    route.schema = { ...route.schema, response: { ...schema.response, 400: Problem } };
  });

  // Every documented operation has a unique operationId, from its method and path, for client generators.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { operationId?: string; hide?: boolean } | undefined;
    if (!schema || schema.hide || schema.operationId) return;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    route.schema = { ...route.schema, operationId: operationIdFor(method, route.url) };
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      servers: [{ url: ctx.config.PUBLIC_URL, description: 'This portal' }],
      info: {
        title: 'Carrier Portal API',
        version: '1.0.0',
        license: { name: 'Proprietary' },
        description:
          'Portal API (/api/v1) and trucks API (/api/v2). Send a bearer token from POST /api/v1/auth/authorize, or an api-key header.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'api-key' },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? defaultedQueryParametersOptional(documentObject.openapiObject)
        : documentObject.swaggerObject,
  });
  // The rendered page and its JSON are for administrators and for integrations holding an API key
  // (decision 123): the document names every route and field.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs'))
      route.config = { ...route.config, access: API_DOCUMENTATION_ACCESS, openToApiKeys: true };
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    uiHooks: {},
    staticCSP: true,
    // Swagger UI sets element styles at run time: inline styles are allowed on this page only, its
    // scripts stay 'self'. It is never framed, and plain-HTTP hosts are not asked to upgrade.
    transformStaticCSP: (header) => docsContentSecurityPolicy(header, ctx.config.PUBLIC_URL),
    transformSpecificationClone: true,
  });

  await app.register(fastifyCookie);
  // The portal is the OpenID client of its issuer; with the built-in issuer its calls stay in process.
  const signIn = createSignInClient(ctx.config, (request) => app.inject(request));
  const authenticateSession = sessionAuthenticator({
    db: ctx.db,
    sessions: ctx.identity.sessions,
    cache: ctx.identity.authCache,
    renew: (tokens, record) => signIn.renew(tokens, record.issuer),
  });
  // Explicit credentials first (scripts and integrations), then the browser's session cookie.
  await app.register(authentication, {
    authenticators: [
      bearerAuthenticator(ctx.db, ctx.tokens, ctx.identity.authCache),
      apiKeyAuthenticator(ctx.db, ctx.identity.authCache),
      authenticateSession,
    ],
  });

  app.addHook('onClose', async () => ctx.identity.authCache.close());

  // Once a shutdown has begun (server.ts), Fastify refuses new requests and closes idle
  // connections, but a keep-alive connection busy at that moment would stay open after its answer
  // for the keep-alive time (72 s) and hold the process past SHUTDOWN_GRACE_MS. So every answer
  // from then on closes its connection, and one whose headers went out before closes it when done.
  // A write of the caller's own may change what GET /api/v1/me answers them: the cached entity is
  // dropped before the answer goes out, so the next read sees it (the database's announcement of
  // the change reaches the other processes).
  // Callback hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (ctx.lifecycle.shuttingDown) reply.header('connection', 'close');
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.callerOrNull)
      ctx.identity.authCache.forgetCurrentUser(request.callerOrNull.userId);
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (ctx.lifecycle.shuttingDown) app.server.closeIdleConnections();
    done();
  });

  app.get(
    '/.well-known/jwks.json',
    { config: { public: true }, schema: { hide: true } },
    async () => ctx.keys.publicJwks,
  );

  await app.register(healthRoutes, { ctx });
  if (ctx.config.oidcBuiltIn) {
    const provider = createBuiltInProvider(
      ctx,
      { sessionSeconds: ctx.config.SESSION_ABSOLUTE_HOURS * 3600 },
      app.log,
    );
    await app.register(identityProviderRoutes, { ctx, provider });
  }
  await app.register(sessionRoutes, {
    ctx,
    service: sessionService(ctx, signIn),
    authenticateSession,
  });
  await app.register(authRoutes, { ctx });
  await app.register(meRoutes, { ctx });
  await app.register(accessTermsRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(equipmentRoutes, { ctx });
  await app.register(contactRoutes, { ctx });
  await app.register(carrierScorecardRoutes, { ctx });
  await app.register(videoRoutes, { ctx });
  await app.register(applicationUpdateRoutes, { ctx });
  await app.register(apiKeyRoutes, { ctx });
  await app.register(accessRequestRoutes, { ctx });
  await app.register(driverLinkRoutes, { ctx });
  await app.register(emailOutboxRoutes, { ctx });
  await app.register(quickSearchRoutes, { ctx });
  await app.register(thirdPartyInvoiceRoutes, { ctx });
  await app.register(shipmentRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(shipmentExecutionRoutes, { ctx });
  await app.register(shipmentPaperworkRoutes, { ctx });
  await app.register(tripRoutes, { ctx });
  await app.register(bookingRoutes, { ctx });
  await app.register(loadBoardRoutes, { ctx });
  await app.register(locationRoutes, { ctx });
  await app.register(rateRoutes, { ctx });
  await app.register(savedLaneRoutes, { ctx });
  await app.register(liveEquipmentRoutes, { ctx });
  await app.register(documentRoutes, { ctx });
  await app.register(noteRoutes, { ctx });
  await app.register(caseRoutes, { ctx });
  await app.register(tenderRoutes, { ctx });
  await app.register(rateRequestRoutes, { ctx });
  await app.register(invoiceRoutes, { ctx });
  await app.register(paymentRoutes, { ctx });
  await app.register(notificationRoutes, { ctx });
  await app.register(clientConfigRoutes, { ctx });
  await app.register(sessionReplayRoutes, { ctx });
  await app.register(staticDataRoutes, { ctx });

  const serveWeb = (options.serveWeb ?? true) && existsSync(join(WEB_DIST, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz beside each text file: the one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => response.header('cache-control', webCacheControl(path)),
    });
  }
  const signedInPreloads = serveWeb ? signedInPreloadHeaders(WEB_DIST) : undefined;
  app.setNotFoundHandler({ preHandler: undefined }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/.well-known/');
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !serveWeb || !readsPage) throw notFound(`Route ${request.method} ${path}`);
    // Every other path belongs to the single-page app's router; its shell must never be cached stale.
    reply.header('cache-control', 'no-cache');
    if (signedInPreloads) {
      // A browser that holds a session fetches the signed-in frame's code alongside the entry's, and
      // on a landing page that screen's code too.
      reply.header('vary', 'cookie');
      if (request.cookies?.[SESSION_COOKIE])
        reply.header('link', signedInPreloads.landing.get(path) ?? signedInPreloads.page);
    }
    return reply.sendFile('index.html');
  });

  return app;
}

/** The documentation page's content security policy, from the one Swagger UI writes. */
export function docsContentSecurityPolicy(header: string, publicUrl: string): string {
  const directives = header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '')
    .map((directive) => {
      const [name] = directive.split(/\s+/, 1);
      if (name === 'style-src') return "style-src 'self' 'unsafe-inline'";
      if (name === 'frame-ancestors') return "frame-ancestors 'none'";
      return directive;
    })
    .filter(
      (directive) => directive !== 'upgrade-insecure-requests' || publicUrl.startsWith('https://'),
    );
  return `${directives.join('; ')};`;
}

/**
 * How long a browser keeps a file of the web app: the hashed build assets never change under their
 * name (a year, immutable); everything else (the page shell, the PDF.js fonts) is asked again.
 */
export function webCacheControl(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * An operation's name from its method and path: GET /api/v2/shipments/:id/requirements is
 * getV2ShipmentsByIdRequirements. Unique because the method and path of a route are.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/(v\d+)/, '/$1')
    .split('/')
    .filter((segment) => segment !== '')
    .flatMap((segment) =>
      segment.startsWith(':')
        ? ['by', ...segment.slice(1).split(/[^A-Za-z0-9]+/)]
        : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter((word) => word !== '');
  const capitalised = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${capitalised.join('')}`;
}
