import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInPreloadHeader, signedInPreloads, type WebManifest } from './signed-in-preloads';

// The shape Vite writes: the page's entry imports the first-load chunk (with the style sheet); the
// frame shares a small chunk with a sign-in screen and imports the first-load chunk too.
const manifest: WebManifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_first-load-b2.js'] },
  '_first-load-b2.js': {
    file: 'assets/first-load-b2.js',
    name: 'first-load',
    imports: ['_runtime-c3.js'],
    css: ['assets/first-load-d4.css'],
  },
  '_runtime-c3.js': { file: 'assets/runtime-c3.js', name: 'runtime' },
  '_signed-in-frame-e5.js': {
    file: 'assets/signed-in-frame-e5.js',
    name: 'signed-in-frame',
    imports: ['_runtime-c3.js', '_first-load-b2.js', '_Alert-f6.js'],
  },
  '_Alert-f6.js': { file: 'assets/Alert-f6.js', name: 'Alert', imports: ['_first-load-b2.js'] },
  'src/features/auth/login-page.tsx': {
    file: 'assets/login-page-g7.js',
    imports: ['_Alert-f6.js'],
  },
};

describe('what a signed-in page is told to fetch with it', () => {
  it('names the page’s style sheet and entry first, then the frame and its chunks, each once', () => {
    expect(signedInPreloads(manifest)).toEqual([
      { path: '/assets/first-load-d4.css', as: 'style' },
      { path: '/assets/index-a1.js', as: 'script' },
      { path: '/assets/first-load-b2.js', as: 'script' },
      { path: '/assets/runtime-c3.js', as: 'script' },
      { path: '/assets/signed-in-frame-e5.js', as: 'script' },
      { path: '/assets/Alert-f6.js', as: 'script' },
    ]);
  });

  it('names nothing when the build has no frame chunk', () => {
    const { '_signed-in-frame-e5.js': _frame, ...withoutFrame } = manifest;
    expect(signedInPreloads(withoutFrame)).toEqual([]);
  });

  it('writes the Link header from the build’s manifest, the session last; none without one', () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    try {
      expect(signedInPreloadHeader(dist)).toBeUndefined();
      mkdirSync(join(dist, '.vite'));
      writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
      expect(signedInPreloadHeader(dist)).toBe(
        [
          '</assets/first-load-d4.css>; rel=preload; as=style; crossorigin',
          '</assets/index-a1.js>; rel=modulepreload',
          '</assets/first-load-b2.js>; rel=modulepreload',
          '</assets/runtime-c3.js>; rel=modulepreload',
          '</assets/signed-in-frame-e5.js>; rel=modulepreload',
          '</assets/Alert-f6.js>; rel=modulepreload',
          '</auth/session>; rel=preload; as=fetch; crossorigin',
        ].join(', '),
      );
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
