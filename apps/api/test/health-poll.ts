import { expect } from 'vitest';

/**
 * Asks /healthz over the network every 25 ms until stopped (other requests while uploads are
 * checked); the stop answers every answer's latency in milliseconds.
 */
export function pollHealth(base: string): () => Promise<number[]> {
  let stopped = false;
  const latencies: number[] = [];
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      const response = await fetch(`${base}/healthz`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return async () => {
    stopped = true;
    await done;
    return latencies;
  };
}
