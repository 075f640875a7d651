import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// The app runs on Preact's React compatibility layer instead of React DOM (decision 268): our code,
// MUI and every other React library import `react`, `react-dom` and the JSX runtime, and the build,
// the development server and the component tests resolve them to Preact (Testing Library's `act`
// to Preact's). Absolute paths (of the ES modules), so one copy serves every importer wherever it is
// installed.
const preact = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
const compat = preact('preact/compat');

export const preactAliases = [
  { find: /^react$/, replacement: compat },
  { find: /^react-dom$/, replacement: compat },
  { find: /^react-dom\/client$/, replacement: preact('preact/compat/client') },
  { find: /^react-dom\/test-utils$/, replacement: preact('preact/test-utils') },
  { find: /^react\/jsx-runtime$/, replacement: preact('preact/compat/jsx-runtime') },
  { find: /^react\/jsx-dev-runtime$/, replacement: preact('preact/compat/jsx-dev-runtime') },
];

/**
 * Emotion writes a component's styles in an insertion effect when React has them, and during the
 * render otherwise. React runs every insertion effect before any ref or layout effect; Preact's
 * compatibility layer runs them as layout effects, after the refs, so a component that measures its
 * element as it mounts (a Leaflet map) would find its parent without its styles, and its height 0.
 * Emotion's helper is therefore built as for a React without insertion effects: the styles are in
 * the document before any element is. The build fails if the helper no longer reads it this way.
 */
export function emotionStylesDuringRender(): Plugin {
  const reads = /(\w+)\['useInsertion' \+ 'Effect'\] \? \1\['useInsertion' \+ 'Effect'\] : false/;
  return {
    name: 'emotion-styles-during-render',
    transform(code, id) {
      if (!id.includes('@emotion/use-insertion-effect-with-fallbacks')) return null;
      if (!reads.test(code))
        this.error(`${id} no longer reads useInsertionEffect as expected (decision 268)`);
      return { code: code.replace(reads, 'false'), map: null };
    },
  };
}
