import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { emotionStylesDuringRender, preactAliases } from './preact-runtime.js';

// The component tests render on Preact's compatibility layer, as the app does (decision 268).
export default defineConfig({
  plugins: [react(), emotionStylesDuringRender()],
  resolve: {
    alias: [
      ...preactAliases,
      // MUI's transitions import this one CommonJS file, whose `require('react')` no alias reaches
      // under Node; its ES module is the same context.
      {
        find: /^react-transition-group\/cjs\/TransitionGroupContext\.js$/,
        replacement: 'react-transition-group/esm/TransitionGroupContext.js',
      },
    ],
    // The libraries' ES modules, as the browser gets them: their CommonJS builds would require
    // React DOM.
    mainFields: ['module', 'main'],
    conditions: ['module', 'browser', 'development'],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // Effects run in the task after the render, as in the app.
    setupFiles: ['./src/app/preact-options.ts', './src/shared/test/settle-loads.ts'],
    // The libraries that import React go through the aliases too, instead of Node's own import.
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /@mui\//,
          /@base-ui\//,
          /@emotion\//,
          /@floating-ui\/react/,
          /@lexical\//,
          /@tanstack\/react-query/,
          /@react-leaflet\//,
          /notistack/,
          /react-hook-form/,
          /react-leaflet/,
          /react-pdf/,
          /react-router/,
          /react-transition-group/,
        ],
      },
    },
  },
});
