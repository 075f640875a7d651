import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense, useEffect, useState } from 'react';

// The tooltip's code (Tooltip with Popper and its transition, about 11 KB gzip) loads after the
// first paint, so the signed-in frame's first load does not carry it (decision 256).
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip, mounted after the screen around it has painted. As it mounts, Tooltip keeps its
 * child's element in state, set from the child's ref; React renders an update made while it commits
 * at once, in the same task, and first runs every effect still pending. In the top bar that made the
 * signed-in frame's first commit also start all of the page's requests and render the bar again
 * before the browser could paint (decision 247). Until the effect below has run and the tooltip's
 * code has arrived the child is shown alone, as a tooltip looks until a pointer rests on it; then it
 * is mounted again inside the tooltip. The child names itself (aria-label): the tooltip is only
 * what a pointer shows.
 */
export function TooltipAfterPaint(props: TooltipProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return props.children;
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
