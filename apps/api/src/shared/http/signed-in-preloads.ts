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

/** What the signed-in frame asks first: who is signed in (the web app's session query). */
const SESSION_PATH = '/auth/session';

/** The name the build gives the signed-in frame's chunk (the web app's vite.config.ts). */
const FRAME_CHUNK = 'signed-in-frame';

/**
 * What a signed-in page loads before its screen's own code, in the order it needs it: the page's
 * style sheet and entry scripts (which index.html names too, and which must not wait behind the
 * rest), then the signed-in frame's chunk and every chunk it imports statically. Empty when the
 * build has no frame chunk.
 */
export function signedInPreloads(manifest: WebManifest): Preload[] {
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
  const everything = closure([frame], new Set(page));
  const styles = new Set([...page].flatMap((key) => manifest[key]!.css ?? []));
  return [
    ...[...styles].map((file): Preload => ({ path: `/${file}`, as: 'style' })),
    ...[...everything].map((key): Preload => ({ path: `/${manifest[key]!.file}`, as: 'script' })),
  ];
}

/**
 * The Link header sent with the page to a browser that holds a session: it starts fetching the
 * signed-in frame's code with the entry's instead of after the entry has run (decision 241).
 * Undefined when the build has no manifest or no frame chunk.
 */
export function signedInPreloadHeader(webDist: string): string | undefined {
  const path = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(path)) return undefined;
  const preloads = signedInPreloads(JSON.parse(readFileSync(path, 'utf8')) as WebManifest);
  if (preloads.length === 0) return undefined;
  return [
    ...preloads.map(({ path, as }) =>
      as === 'style'
        ? `<${path}>; rel=preload; as=style; crossorigin`
        : `<${path}>; rel=modulepreload`,
    ),
    `<${SESSION_PATH}>; rel=preload; as=fetch; crossorigin`,
  ].join(', ');
}
