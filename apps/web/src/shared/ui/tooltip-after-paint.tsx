import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';

/**
 * MUI's Tooltip, mounted after the screen around it has painted. As it mounts, Tooltip keeps its
 * child's element in state, set from the child's ref; React renders an update made while it commits
 * at once, in the same task, and first runs every effect still pending. In the top bar that made the
 * signed-in frame's first commit also start all of the page's requests and render the bar again
 * before the browser could paint (decision 247). Until the effect below has run the child is shown
 * alone, as a tooltip looks until a pointer rests on it; then it is mounted again inside the tooltip.
 */
export function TooltipAfterPaint(props: TooltipProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Tooltip {...props} /> : props.children;
}
