import type { TooltipProps } from '@mui/material/Tooltip';
import { useEffect, useState, type ComponentType } from 'react';
import { takeTurn } from './drawn-in-turn';

type Tooltip = ComponentType<TooltipProps>;

// The tooltip's code (Tooltip with Popper and its transition, about 11 KB gzip) loads after the
// first paint, so the signed-in frame's first load does not carry it (decision 256).
let tooltipCode: Promise<Tooltip> | undefined;
function loadTooltip(): Promise<Tooltip> {
  tooltipCode ??= import('@mui/material/Tooltip').then(
    (module) => module.default,
    (error: unknown) => {
      // Asked for again by the next tooltip that mounts; the page-load recovery sees the failure.
      tooltipCode = undefined;
      throw error;
    },
  );
  return tooltipCode;
}

/**
 * MUI's Tooltip, mounted after the screen around it has painted. As it mounts, Tooltip keeps its
 * child's element in state, set from the child's ref; React renders an update made while it commits
 * at once, in the same task, and first runs every effect still pending. In the top bar that made the
 * signed-in frame's first commit also start all of the page's requests and render the bar again
 * before the browser could paint (decision 247). Until the effect below has run and the tooltip's
 * code has arrived the child is shown alone, as a tooltip looks until a pointer rests on it; then it
 * is mounted again inside the tooltip, each tooltip in a task of its own (the top bar's five in one
 * render were one long task on a phone, decision 282). The child names itself (aria-label): the
 * tooltip is only what a pointer shows.
 */
export function TooltipAfterPaint(props: TooltipProps) {
  const [Tooltip, setTooltip] = useState<Tooltip | null>(null);
  useEffect(() => {
    let giveUpTurn: (() => void) | undefined;
    let mounted = true;
    loadTooltip().then(
      (tooltip) => {
        if (mounted) giveUpTurn = takeTurn(() => setTooltip(() => tooltip));
      },
      // Without its code the child stays alone: it works, without the pointer's hint.
      () => undefined,
    );
    return () => {
      mounted = false;
      giveUpTurn?.();
    };
  }, []);
  return Tooltip ? <Tooltip {...props} /> : props.children;
}
