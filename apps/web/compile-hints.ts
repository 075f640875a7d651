import type { Plugin } from 'vite';

/**
 * Chrome's explicit compile hint (V8, Chrome 136): a script that starts with this comment is
 * compiled whole on a background thread as it downloads, instead of function by function on the
 * main thread the first time each runs (decision 271). Other browsers read a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

// A screen's own module: its chunk is the code that draws the screen when it opens.
const SCREEN_MODULE = /\/src\/features\/[^/]+\/components\/[^/]+-page\.tsx$/;

/**
 * The chunks whose code runs as they load: the entry's, the signed-in frame's and each screen's
 * own. Not the libraries a screen loads for one feature (the PDF viewer, the note editor, the map),
 * most of whose code never runs: compiled whole, they would cost a phone's second core and memory
 * for nothing.
 */
function runsOnLoad(chunk: { isEntry: boolean; name: string; facadeModuleId: string | null }) {
  return (
    chunk.isEntry ||
    chunk.name === 'first-load' ||
    chunk.name === 'signed-in-frame' ||
    SCREEN_MODULE.test(chunk.facadeModuleId ?? '')
  );
}

/** Writes the compile hint at the top of each chunk that runs on load. */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    // After minification, which drops comments, and after Vite's list of preloads, which it writes
    // at the top: the hint must be the first line. The source map gains an empty line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !runsOnLoad(chunk)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            parsed.mappings = `;${parsed.mappings}`;
            map.source = JSON.stringify(parsed);
          }
        }
      },
    },
  };
}
