import createCache, { type StylisElement, type StylisPlugin } from '@emotion/cache';

/**
 * The properties that a browser the build targets (Vite's "baseline widely available": Chrome and
 * Edge 111, Firefox 114, Safari 16.4) still reads only with the -webkit- prefix (decision 270).
 */
const WEBKIT_ONLY = new Set([
  // Safari
  'user-select',
  'backdrop-filter',
  'box-decoration-break',
  'hyphens',
  'text-size-adjust',
  // Safari, for the shorthand's style and colour
  'text-decoration',
  // Chrome before 120
  'mask',
  'mask-image',
  'mask-position',
  'mask-repeat',
  'mask-size',
  // Chrome before 136
  'print-color-adjust',
]);

/** Each such declaration is written twice, prefixed first, as Emotion's full prefixer would. */
const webkitPrefixes: StylisPlugin = (element: StylisElement) => {
  if (element.type === 'decl' && !element.return && WEBKIT_ONLY.has(element.props as string))
    element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * The signed-in app's style cache. Emotion's default one prefixes every declaration for browsers
 * back to Internet Explorer (three more `display`s for each flex box); checking and writing them
 * was about a sixth of a dashboard's first render on a phone (decision 270).
 */
export const createStyleCache = () => createCache({ key: 'css', stylisPlugins: [webkitPrefixes] });
