import useMediaQuery from '@mui/material/useMediaQuery';
import { LAYOUT } from '@portal/domain';

/** Below the spec's mobile breakpoint (900 px): drawers instead of side panels. */
export const MOBILE_MEDIA_QUERY = `(max-width:${LAYOUT.mobileBreakpoint - 0.05}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
}
