import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import type { TestApp } from './harness';

/** What the browser reads of an answer: the in-process one, or one over HTTP. */
export type BrowserResponse = Pick<
  LightMyRequestResponse,
  'statusCode' | 'headers' | 'body' | 'rawPayload' | 'json'
>;

/** How the browser's requests reach a server: inject in process, or HTTP to a server process. */
export type BrowserTransport = (
  options: InjectOptions & { url: string },
) => Promise<BrowserResponse>;

/**
 * Requests over HTTP to a server process on 127.0.0.1, at the port `route` names for each request
 * (one node, or several as a load balancer would spread them). The Host header is kept: the
 * processes answer as PUBLIC_URL, as they do behind a proxy.
 */
export function overHttp(route: () => number): BrowserTransport {
  return (options) =>
    new Promise((resolve, reject) => {
      const payload = options.payload;
      const body =
        payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload)
          ? payload
          : JSON.stringify(payload);
      const sent = httpRequest(
        {
          host: '127.0.0.1',
          port: route(),
          method: options.method ?? 'GET',
          path: options.url,
          headers: options.headers as OutgoingHttpHeaders,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const rawPayload = Buffer.concat(chunks);
            const text = rawPayload.toString('utf8');
            resolve({
              statusCode: response.statusCode ?? 0,
              headers: response.headers,
              body: text,
              rawPayload,
              json: () => JSON.parse(text) as never,
            });
          });
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
}

/**
 * A small browser for tests: it keeps cookies (by name; paths are not modelled) and follows the
 * sign-in redirects the way a browser would, through the real provider and client.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  private readonly send: BrowserTransport;

  constructor(target: TestApp | BrowserTransport) {
    this.send = typeof target === 'function' ? target : (options) => target.app.inject(options);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(response: BrowserResponse) {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      const expired =
        value === '' ||
        attributes.some(
          (attribute) =>
            /^max-age=0$/i.test(attribute) ||
            (/^expires=/i.test(attribute) && new Date(attribute.slice(8)).getTime() < Date.now()),
        );
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(options: InjectOptions & { url: string }): Promise<BrowserResponse> {
    const url = new URL(options.url, 'http://portal.test');
    const response = await this.send({
      ...options,
      url: `${url.pathname}${url.search}`,
      headers: {
        host: 'portal.test',
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...options.headers,
      },
    });
    this.keep(response);
    return response;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }

  /** A JSON write from the portal's own page: same origin, CSRF token echoed. */
  write(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
    const csrf = this.cookies.get('__Host-portal_csrf');
    return this.request({
      method,
      url,
      headers: {
        origin: 'http://portal.test',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  }

  /** Follows redirects until an answer that is not one, or a page of the single-page app. */
  async follow(
    first: BrowserResponse,
    limit = 10,
  ): Promise<{ response: BrowserResponse; url: string }> {
    let response = first;
    let url = '';
    for (let hop = 0; hop < limit; hop++) {
      const location = response.headers.location;
      if (!(response.statusCode >= 300 && response.statusCode < 400) || !location) break;
      url = String(location);
      const target = new URL(url, 'http://portal.test');
      // SPA pages are where a browser would stop and run the app.
      if (!/^\/(oidc|auth|api)\b/.test(target.pathname)) break;
      response = await this.get(url);
    }
    return { response, url };
  }

  /** Starts a sign-in and answers the interaction the provider sent the browser to. */
  async startSignIn(query = ''): Promise<string> {
    const { url } = await this.follow(await this.get(`/auth/login${query}`));
    const interaction = new URL(url, 'http://portal.test').searchParams.get('interaction');
    if (!interaction) throw new Error(`sign-in did not reach the provider's screen: ${url}`);
    return interaction;
  }

  /** The whole sign-in, as the sign-in screen does it; answers where the browser lands. */
  async signIn(emailAddress: string, password: string, returnTo = '/'): Promise<string> {
    const uid = await this.startSignIn(`?returnTo=${encodeURIComponent(returnTo)}`);
    const login = await this.write('POST', `/oidc/interaction/${uid}/login`, {
      emailAddress,
      password,
    });
    if (login.statusCode !== 200) throw new Error(`sign-in refused: ${login.body}`);
    const { url } = await this.follow(await this.get(login.json().data.redirectTo));
    return url;
  }
}
