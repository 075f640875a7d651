import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createStyleCache } from './style-cache';

afterEach(() => {
  cleanup();
  document.head.querySelectorAll('style[data-emotion]').forEach((style) => style.remove());
});

/** The CSS a box with these styles gets from the signed-in app's style cache. */
function cssOf(sx: Record<string, string | number>): string {
  const cache = createStyleCache();
  render(
    <CacheProvider value={cache}>
      <Box sx={sx} />
    </CacheProvider>,
  );
  return [...document.head.querySelectorAll(`style[data-emotion^="${cache.key}"]`)]
    .map((style) => style.textContent)
    .join('');
}

describe('the signed-in app’s style cache (decision 270)', () => {
  it('prefixes what Safari reads only with -webkit-, before the standard declaration', () => {
    const css = cssOf({ userSelect: 'none', backdropFilter: 'blur(4px)' });
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);');
  });

  it('leaves what every target browser reads unprefixed as it is written', () => {
    const css = cssOf({
      display: 'flex',
      alignItems: 'center',
      transform: 'rotate(90deg)',
      transition: 'opacity 200ms',
      position: 'sticky',
    });
    expect(css).toContain(
      'display:flex;align-items:center;transform:rotate(90deg);transition:opacity 200ms;position:sticky;',
    );
    expect(css).not.toMatch(/-(webkit|moz|ms)-/);
  });

  it('keeps a prefix the styles write themselves once', () => {
    const css = cssOf({ WebkitTapHighlightColor: 'transparent', WebkitLineClamp: 2 });
    expect(css.match(/-webkit-tap-highlight-color/g)).toHaveLength(1);
    expect(css).toContain('-webkit-line-clamp:2;');
  });
});
