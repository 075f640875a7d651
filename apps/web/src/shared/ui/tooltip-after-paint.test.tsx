import Tooltip from '@mui/material/Tooltip';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TooltipAfterPaint } from './tooltip-after-paint';

afterEach(() => cleanup());

/** The phases React reports for a tree's renders: a "nested-update" is one made while committing. */
function phasesOf(tree: ReactNode) {
  const phases: string[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, phase) => phases.push(phase);
  render(
    <Profiler id="top-bar" onRender={onRender}>
      {tree}
    </Profiler>,
  );
  return phases;
}

describe('a tooltip mounted after paint', () => {
  it('leaves the first commit without an update made while committing, which MUI’s Tooltip makes', () => {
    // MUI's Tooltip alone: the mount is followed at once by an update made during its commit.
    expect(
      phasesOf(
        <Tooltip title="Notifications">
          <button>Bell</button>
        </Tooltip>,
      ).slice(0, 2),
    ).toEqual(['mount', 'nested-update']);
    cleanup();
    // Mounted after paint: the mount commits alone; the tooltip comes in an update of its own.
    expect(
      phasesOf(
        <TooltipAfterPaint title="Notifications">
          <button>Bell</button>
        </TooltipAfterPaint>,
      ).slice(0, 2),
    ).toEqual(['mount', 'update']);
  });

  it('shows its child at once and its title when a pointer rests on it', async () => {
    render(
      <TooltipAfterPaint title="Notifications">
        <button aria-label="Bell">Bell</button>
      </TooltipAfterPaint>,
    );
    expect(screen.getByRole('button', { name: 'Bell' })).toBeTruthy();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => {
      fireEvent.mouseOver(screen.getByRole('button', { name: 'Bell' }));
      await new Promise((settle) => setTimeout(settle, 200));
    });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Notifications');
  });
});
