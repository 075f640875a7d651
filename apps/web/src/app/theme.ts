import { createTheme, type Theme } from '@mui/material/styles';
import { BREAKPOINTS, BRAND_PRIMARY_BLUE } from '@portal/domain';

let theme: Theme | undefined;

/**
 * The spec's brand blue and breakpoints; MUI's defaults otherwise, which meet WCAG AA contrast.
 * Made the first time it is asked for, not as the frame's code is evaluated: the router asks for it
 * in a task of its own (decision 282).
 */
export function portalTheme(): Theme {
  theme ??= createTheme({
    breakpoints: { values: { ...BREAKPOINTS } },
    palette: {
      primary: { main: BRAND_PRIMARY_BLUE },
      background: { default: '#F4F6F9' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButtonBase: { defaultProps: { disableRipple: false } },
      MuiCssBaseline: {
        styleOverrides: {
          // A visible focus ring for keyboard users everywhere.
          ':focus-visible': { outline: `2px solid ${BRAND_PRIMARY_BLUE}`, outlineOffset: 2 },
        },
      },
    },
  });
  return theme;
}
