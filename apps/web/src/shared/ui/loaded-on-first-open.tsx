import type { DialogProps } from '@mui/material/Dialog';
import type { DrawerProps } from '@mui/material/Drawer';
import type { PopperProps } from '@mui/material/Popper';
import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A popup whose code loads the first time it opens, so the shell's first load does not carry it
 * (decision 200). It stays mounted afterwards, closing with its own transition.
 */
export function loadedOnFirstOpen<Props extends { open?: boolean }>(
  load: () => Promise<{ default: unknown }>,
) {
  const Popup = lazy(load as () => Promise<{ default: ComponentType<Props> }>);
  return function LoadedOnFirstOpen(props: Props) {
    const [opened, setOpened] = useState(false);
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Popup {...props} />
      </Suspense>
    );
  };
}

export const Drawer = loadedOnFirstOpen<DrawerProps>(() => import('@mui/material/Drawer'));
export const Dialog = loadedOnFirstOpen<DialogProps>(() => import('@mui/material/Dialog'));
// The quick search's result panel: Popper brings Popper.js (about 7 KB gzip), loaded at the first focus.
export const Popper = loadedOnFirstOpen<PopperProps>(() => import('@mui/material/Popper'));
