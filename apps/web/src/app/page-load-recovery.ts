// A page's code is loaded on demand; after a new release the old file may be gone. One reload
// fetches the new one. A second failure soon after shows the crash screen instead of looping.
export const RELOAD_MARK_KEY = 'portal.failedPageLoadReloadAt';
const RELOAD_WINDOW_MS = 60_000;

const FAILED_LOAD =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isFailedPageLoad(error: unknown): boolean {
  return error instanceof Error && FAILED_LOAD.test(error.message);
}

/** Reloads the page unless it was reloaded for this reason a moment ago; true when reloading. */
export function reloadOnceForFailedPageLoad(now = Date.now()): boolean {
  try {
    const stored = sessionStorage.getItem(RELOAD_MARK_KEY);
    const last = stored === null ? null : Number(stored);
    if (last !== null && now - last < RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(RELOAD_MARK_KEY, String(now));
  } catch {
    // No storage: a reload could not be remembered, so none is tried (no loop).
    return false;
  }
  window.location.reload();
  return true;
}
