import useMediaQuery from '@mui/material/useMediaQuery';
import { LAYOUT } from '@portal/domain';

/** Below the spec's mobile breakpoint (900 px): drawers instead of side panels. */
export const MOBILE_MEDIA_QUERY = `(max-width:${LAYOUT.mobileBreakpoint - 0.05}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
}

// The loads started, a few per page: a test's page waits for them before it goes (their code would
// otherwise arrive after its environment is gone).
const started: Promise<unknown>[] = [];

/**
 * Starts `load` at once on a wide screen (at or above the mobile breakpoint as the page opens): code
 * a wide screen shows from its first render, which a phone loads only when asked for.
 */
export function loadOnWideScreens(load: () => Promise<unknown>) {
  if (typeof window !== 'undefined' && !window.matchMedia(MOBILE_MEDIA_QUERY).matches)
    started.push(load());
}

/** Settles once every load loadOnWideScreens has started has, loaded or failed. */
export async function wideScreenLoadsSettled(): Promise<void> {
  await Promise.allSettled(started);
}
