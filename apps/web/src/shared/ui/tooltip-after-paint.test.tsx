import Tooltip from '@mui/material/Tooltip';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, type ComponentProps, type ComponentType, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipAfterPaint } from './tooltip-after-paint';

afterEach(() => cleanup());

/**
 * How a tooltip's child renders: "mount" first, then "nested-update" for a render made before the
 * tree's first effects have run (an update made while the mount commits, in the same task), and
 * "update" for one made after them.
 */
async function phasesOf(Wrapper: ComponentType<{ title: string; children: ReactElement }>) {
  const phases: string[] = [];
  let effectsRan = false;
  function Effects() {
    useEffect(() => {
      effectsRan = true;
    }, []);
    return null;
  }
  function Bell(props: ComponentProps<'button'>) {
    phases.push(phases.length === 0 ? 'mount' : effectsRan ? 'update' : 'nested-update');
    return <button {...props}>Bell</button>;
  }
  render(
    <>
      <Effects />
      <Wrapper title="Notifications">
        <Bell />
      </Wrapper>
    </>,
  );
  await vi.waitFor(() => expect(phases.length).toBeGreaterThanOrEqual(2));
  return phases;
}

describe('a tooltip mounted after paint', () => {
  it('leaves the first commit without an update made while committing, which MUI’s Tooltip makes', async () => {
    // MUI's Tooltip alone: the mount is followed at once by an update made during its commit.
    expect((await phasesOf(Tooltip)).slice(0, 2)).toEqual(['mount', 'nested-update']);
    cleanup();
    // Mounted after paint: the mount commits alone; the tooltip comes in an update of its own.
    expect((await phasesOf(TooltipAfterPaint)).slice(0, 2)).toEqual(['mount', 'update']);
  });

  it('shows its child at once and its title when a pointer rests on it', async () => {
    render(
      <TooltipAfterPaint title="Notifications">
        <button aria-label="Bell">Bell</button>
      </TooltipAfterPaint>,
    );
    expect(screen.getByRole('button', { name: 'Bell' })).toBeTruthy();
    expect(screen.queryByRole('tooltip')).toBeNull();
    // Once its code has arrived, the tooltip holds the child (MUI marks the element it clones).
    await vi.waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: 'Bell' })
          .hasAttribute('data-mui-internal-clone-element'),
      ).toBe(true),
    );
    await act(async () => {
      fireEvent.mouseOver(screen.getByRole('button', { name: 'Bell' }));
      await new Promise((settle) => setTimeout(settle, 200));
    });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Notifications');
  });

  it('mounts each tooltip in a task of its own once its code has arrived', async () => {
    // The module afresh, on a message channel whose messages the test delivers one at a time: one
    // delivery is one task of the browser's.
    const posted: (() => void)[] = [];
    vi.stubGlobal(
      'MessageChannel',
      class {
        port1 = { onmessage: null as ((event: unknown) => void) | null, close: () => undefined };
        port2 = { postMessage: () => posted.push(() => this.port1.onmessage?.({})) };
      },
    );
    try {
      vi.resetModules();
      const { TooltipAfterPaint: Fresh } = await import('./tooltip-after-paint');
      render(
        <>
          {['Help desk', 'Notifications', 'Changelog'].map((title) => (
            <Fresh key={title} title={title}>
              <button aria-label={title}>{title}</button>
            </Fresh>
          ))}
        </>,
      );
      const inTooltips = () =>
        screen
          .getAllByRole('button')
          .filter((button) => button.hasAttribute('data-mui-internal-clone-element')).length;
      // The code arrives; the three ask for a turn each, and the first is asked for.
      await vi.waitFor(() => expect(posted).toHaveLength(1));
      expect(inTooltips()).toBe(0);
      for (const mounted of [1, 2, 3]) {
        await act(async () => {
          posted.shift()!();
          await Promise.resolve();
        });
        expect(inTooltips()).toBe(mounted);
      }
      expect(posted).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
