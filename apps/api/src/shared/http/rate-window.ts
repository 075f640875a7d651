/**
 * An in-memory limit of events per key in a fixed window, for work that is cheap to refuse and
 * must not be flooded (the browser error log). Per process: N nodes allow N times as much. The map
 * is emptied with each window and holds at most maxKeys keys, so spraying keys cannot grow it.
 */
export interface RateWindow {
  /** Counts one event for the key: 0 when allowed, else the seconds until the window ends. */
  take(key: string): number;
}

export function rateWindow(options: {
  max: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
}): RateWindow {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  let started = now();
  const counts = new Map<string, number>();
  return {
    take(key) {
      const at = now();
      if (at - started >= options.windowMs) {
        started = at;
        counts.clear();
      }
      const wait = Math.max(1, Math.ceil((started + options.windowMs - at) / 1000));
      const count = counts.get(key);
      if (count === undefined && counts.size >= maxKeys) return wait;
      if ((count ?? 0) >= options.max) return wait;
      counts.set(key, (count ?? 0) + 1);
      return 0;
    },
  };
}
