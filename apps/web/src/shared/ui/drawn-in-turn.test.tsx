import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each test loads the module afresh on a message channel whose messages the test delivers one at a
// time: one delivery is one task of the browser's.
const posted: (() => void)[] = [];
class ManualChannel {
  port1: { onmessage: ((event: unknown) => void) | null; close(): void } = {
    onmessage: null,
    close: () => undefined,
  };
  port2 = {
    postMessage: () => {
      posted.push(() => this.port1.onmessage?.({}));
    },
  };
}

async function load() {
  vi.resetModules();
  return import('./drawn-in-turn');
}

/** Runs the next task the module asked for, and the render it causes. */
async function nextTask() {
  const task = posted.shift();
  expect(task).toBeDefined();
  await act(async () => {
    task!();
    await Promise.resolve();
  });
}

/** Lets the effects of the last render run (in the task after it, decision 268). */
const effects = () => act(() => new Promise((settle) => setTimeout(settle, 0)));

beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal('MessageChannel', ManualChannel);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = () => document.body.textContent;

describe('parts drawn in turn', () => {
  it('are drawn with the render that brings them when the app is not starting', async () => {
    const { InTurn } = await load();
    render(
      <main>
        Frame
        <InTurn>Part</InTurn>
      </main>,
    );
    expect(text()).toBe('FramePart');
    await effects();
    expect(posted).toHaveLength(0);
  });

  it('while the app starts, come one task each in their order, after the rest of the page', async () => {
    const { InTurn, startDrawingInTurn } = await load();
    startDrawingInTurn();
    render(
      <main>
        Frame
        <InTurn>One</InTurn>
        <InTurn>Two</InTurn>
        <InTurn>Three</InTurn>
      </main>,
    );
    expect(text()).toBe('Frame');
    await effects();
    expect(text()).toBe('Frame');
    // One task is asked for at a time, and each draws one part.
    expect(posted).toHaveLength(1);
    await nextTask();
    expect(text()).toBe('FrameOne');
    await nextTask();
    expect(text()).toBe('FrameOneTwo');
    await nextTask();
    expect(text()).toBe('FrameOneTwoThree');
    await effects();
    expect(posted).toHaveLength(0);
  });

  it('end the start once every waiting part is drawn: a part that appears later comes at once', async () => {
    const { InTurn, startDrawingInTurn } = await load();
    startDrawingInTurn();
    const { rerender } = render(
      <main>
        <InTurn>First</InTurn>
      </main>,
    );
    await effects();
    await nextTask();
    expect(text()).toBe('First');
    rerender(
      <main>
        <InTurn>First</InTurn>
        <InTurn>Later</InTurn>
      </main>,
    );
    expect(text()).toBe('FirstLater');
    await effects();
    expect(posted).toHaveLength(0);
  });

  it('skip a part that went away while it waited, and draw the next in the same turn order', async () => {
    const { InTurn, startDrawingInTurn } = await load();
    startDrawingInTurn();
    const page = (withFirst: boolean) => (
      <main>
        {withFirst ? <InTurn>Gone</InTurn> : null}
        <InTurn>Kept</InTurn>
      </main>
    );
    const { rerender } = render(page(true));
    await effects();
    rerender(page(false));
    await effects();
    await nextTask();
    expect(text()).toBe('');
    await nextTask();
    expect(text()).toBe('Kept');
  });
});

describe('the next task', () => {
  it('settles in a task of its own, not with the microtasks of the one that asked for it', async () => {
    const { nextTask: afterThisTask } = await load();
    let settled = false;
    void afterThisTask().then(() => {
      settled = true;
    });
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    expect(settled).toBe(false);
    expect(posted).toHaveLength(1);
    posted.shift()!();
    await Promise.resolve();
    expect(settled).toBe(true);
  });
});
