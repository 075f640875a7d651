import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LANDING_SCREENS,
  signedInPreloadHeaders,
  signedInPreloads,
  type WebManifest,
} from './signed-in-preloads';

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
    css: ['assets/signed-in-frame-k1.css'],
  },
  '_Alert-f6.js': { file: 'assets/Alert-f6.js', name: 'Alert', imports: ['_first-load-b2.js'] },
  'src/features/auth/login-page.tsx': {
    file: 'assets/login-page-g7.js',
    imports: ['_Alert-f6.js'],
  },
  // The dashboard's screen: a chunk of its own, one it shares with other screens, and the frame's.
  'src/features/dashboard/components/dashboard-page.tsx': {
    file: 'assets/dashboard-page-h8.js',
    imports: ['_first-load-b2.js', '_Card-i9.js', '_Alert-f6.js'],
  },
  '_Card-i9.js': { file: 'assets/Card-i9.js', name: 'Card', css: ['assets/Card-j0.css'] },
};

describe('what a signed-in page is told to fetch with it', () => {
  it('names the page’s and the frame’s style sheets and the entry first, then the frame and its chunks, each once', () => {
    expect(signedInPreloads(manifest)).toEqual([
      { path: '/assets/first-load-d4.css', as: 'style' },
      { path: '/assets/signed-in-frame-k1.css', as: 'style' },
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

  it('names a screen’s chunk and styles after the frame’s, without what the frame has', () => {
    expect(
      signedInPreloads(manifest, 'src/features/dashboard/components/dashboard-page.tsx'),
    ).toEqual([
      { path: '/assets/first-load-d4.css', as: 'style' },
      { path: '/assets/signed-in-frame-k1.css', as: 'style' },
      { path: '/assets/Card-j0.css', as: 'style' },
      { path: '/assets/index-a1.js', as: 'script' },
      { path: '/assets/first-load-b2.js', as: 'script' },
      { path: '/assets/runtime-c3.js', as: 'script' },
      { path: '/assets/signed-in-frame-e5.js', as: 'script' },
      { path: '/assets/Alert-f6.js', as: 'script' },
      { path: '/assets/dashboard-page-h8.js', as: 'script' },
      { path: '/assets/Card-i9.js', as: 'script' },
    ]);
  });

  it('writes the Link headers from the build’s manifest, the session and the client configuration last; none without one', () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    try {
      expect(signedInPreloadHeaders(dist)).toBeUndefined();
      mkdirSync(join(dist, '.vite'));
      writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
      const headers = signedInPreloadHeaders(dist)!;
      // The dashboard's module is in this build; the other landing pages' are not, so they get
      // every page's header.
      expect([...headers.landing.keys()]).toEqual(['/dashboard']);
      expect(headers.landing.get('/dashboard')).toContain(
        '</assets/Alert-f6.js>; rel=modulepreload, </assets/dashboard-page-h8.js>; rel=modulepreload, </assets/Card-i9.js>; rel=modulepreload, </auth/session>',
      );
      expect(headers.page).toBe(
        [
          '</assets/first-load-d4.css>; rel=preload; as=style; crossorigin',
          '</assets/signed-in-frame-k1.css>; rel=preload; as=style; crossorigin',
          '</assets/index-a1.js>; rel=modulepreload',
          '</assets/first-load-b2.js>; rel=modulepreload',
          '</assets/runtime-c3.js>; rel=modulepreload',
          '</assets/signed-in-frame-e5.js>; rel=modulepreload',
          '</assets/Alert-f6.js>; rel=modulepreload',
          '</auth/session>; rel=preload; as=fetch; crossorigin',
          '</api/v1/client_config>; rel=preload; as=fetch; crossorigin',
        ].join(', '),
      );
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the landing pages', () => {
  it('are where each kind of user lands, each with a screen module of the web app', () => {
    expect(Object.keys(LANDING_SCREENS)).toEqual([
      '/dashboard',
      '/accounting',
      '/all-shipments',
      '/operations',
    ]);
    for (const screen of Object.values(LANDING_SCREENS))
      expect(existsSync(join(import.meta.dirname, '../../../../web', screen)), screen).toBe(true);
  });
});
