import { options } from 'preact';

/**
 * When a render's effects run (decision 268). Preact runs them after the next animation frame (or
 * 35 ms later, whichever comes first); React runs them in a task of their own right after the
 * render. The app's timings are React's: a debounce starts as typing is committed, a query is asked
 * for as its screen appears, not a frame later, and not only once a hidden tab draws again. A
 * message on a channel of our own is such a task, as in React's scheduler.
 */
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => {
  for (const run of waiting.splice(0)) run();
};

options.requestAnimationFrame = (run) => {
  waiting.push(run);
  if (waiting.length === 1) channel.port2.postMessage(null);
};
