import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of the web build's manifest (Vite's `.vite/manifest.json`), as far as it is read here. */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type WebManifest = Record<string, ManifestChunk>;

/** A file named in the Link header: a module script, or a style sheet. */
export interface Preload {
  path: string;
  as: 'script' | 'style';
}

/**
 * What the signed-in frame asks first, and waits for before it draws: who is signed in (the web
 * app's session query) and the client configuration (decision 264).
 */
const FRAME_REQUESTS = ['/auth/session', '/api/v1/client_config'];

/** The name the build gives the signed-in frame's chunk (the web app's vite.config.ts). */
const FRAME_CHUNK = 'signed-in-frame';

/**
 * The landing pages, where each kind of user arrives after signing in (the carrier's dashboard, the
 * factoring company's accounting, the driver's shipments, the operator's operations), and the web
 * app's module of the screen each shows. A hard load of one of them names that screen's code too,
 * so it does not wait for the entry to run and find it (decision 246). A module the build does not
 * have leaves its page with the frame's list; the served app's browser test checks every one.
 */
export const LANDING_SCREENS: Readonly<Record<string, string>> = {
  '/dashboard': 'src/features/dashboard/components/dashboard-page.tsx',
  '/accounting': 'src/features/accounting/components/accounting-list-page.tsx',
  '/all-shipments': 'src/features/shipments/components/shipment-list-page.tsx',
  '/operations': 'src/features/operations/components/operations-page.tsx',
};

/**
 * What a signed-in page loads before its screen's own code, in the order it needs it: the style
 * sheets (the page's, the frame's, the screen's) and the page's entry scripts (which index.html names too, and which must not wait behind the
 * rest), then the signed-in frame's chunk and every chunk it imports statically, then, given the
 * module of the page's screen, that screen's chunk and what it imports that the frame does not.
 * Empty when the build has no frame chunk.
 */
export function signedInPreloads(manifest: WebManifest, screen?: string): Preload[] {
  // Each chunk's static imports, depth first, each once.
  const closure = (keys: string[], seen = new Set<string>()) => {
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      manifest[key].imports?.forEach(visit);
    };
    keys.forEach(visit);
    return seen;
  };
  const keys = Object.keys(manifest);
  const frame = keys.find((key) => manifest[key]!.name === FRAME_CHUNK);
  if (!frame) return [];
  const page = closure(keys.filter((key) => manifest[key]!.isEntry));
  const everything = closure(screen ? [frame, screen] : [frame], new Set(page));
  // The frame's own style sheet (its top bar, decision 276) too: the frame's code waits for it.
  const styles = new Set([...page, ...everything].flatMap((key) => manifest[key]!.css ?? []));
  return [
    ...[...styles].map((file): Preload => ({ path: `/${file}`, as: 'style' })),
    ...[...everything].map((key): Preload => ({ path: `/${manifest[key]!.file}`, as: 'script' })),
  ];
}

/** The Link header for these preloads, the frame's requests last. */
function linkHeader(preloads: Preload[]): string {
  return [
    ...preloads.map(({ path, as }) =>
      as === 'style'
        ? `<${path}>; rel=preload; as=style; crossorigin`
        : `<${path}>; rel=modulepreload`,
    ),
    ...FRAME_REQUESTS.map((path) => `<${path}>; rel=preload; as=fetch; crossorigin`),
  ].join(', ');
}

/** The Link headers of signed-in pages: every page's, and each landing page's own. */
export interface SignedInPreloadHeaders {
  page: string;
  landing: ReadonlyMap<string, string>;
}

/**
 * The Link headers sent with the page to a browser that holds a session: it starts fetching the
 * signed-in frame's code (decision 241), and on a landing page its screen's code (decision 246),
 * with the entry's instead of after the entry has run. Undefined when the build has no manifest or
 * no frame chunk.
 */
export function signedInPreloadHeaders(webDist: string): SignedInPreloadHeaders | undefined {
  const path = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(path)) return undefined;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as WebManifest;
  const preloads = signedInPreloads(manifest);
  if (preloads.length === 0) return undefined;
  const landing = new Map<string, string>();
  for (const [pagePath, screen] of Object.entries(LANDING_SCREENS))
    if (manifest[screen]) landing.set(pagePath, linkHeader(signedInPreloads(manifest, screen)));
  return { page: linkHeader(preloads), landing };
}
