import { useEffect, useState, type ReactNode } from 'react';

// While the app starts, the parts wrapped in InTurn are drawn one task each, in the order they
// appear, after the rest of the first render: a phone stays responsive between them instead of
// drawing the whole page in one long task (decision 272). The start ends when every part waiting
// has been drawn; a part that appears afterwards is drawn with the render that brings it.
let starting = false;
const waiting: (() => void)[] = [];
const channel = new MessageChannel();

channel.port1.onmessage = () => {
  waiting.shift()?.();
  if (waiting.length > 0) channel.port2.postMessage(null);
  else starting = false;
};

/**
 * Runs `run` in a task of its own, after the turns already waiting, one turn a task. Returns what
 * gives the turn up (run is then not called).
 */
export function takeTurn(run: () => void): () => void {
  let wanted = true;
  waiting.push(() => {
    if (wanted) run();
  });
  if (waiting.length === 1) channel.port2.postMessage(null);
  return () => {
    wanted = false;
  };
}

/** The app starts: the parts mounted from now until every one of them is drawn wait their turn. */
export function startDrawingInTurn() {
  starting = true;
}

/** Its children, drawn in a task of their own while the app starts (nothing until then). */
export function InTurn({ children }: { children: ReactNode }) {
  const [drawn, setDrawn] = useState(!starting);
  useEffect(() => {
    if (drawn) return;
    return takeTurn(() => setDrawn(true));
  }, [drawn]);
  return drawn ? children : null;
}

/**
 * Settles in the next task: code that awaits it after a module's code has arrived (the router's
 * next step, the first render) runs in a task of its own, not in the one that evaluated that code.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const next = new MessageChannel();
    next.port1.onmessage = () => {
      next.port1.close();
      resolve();
    };
    next.port2.postMessage(null);
  });
}
