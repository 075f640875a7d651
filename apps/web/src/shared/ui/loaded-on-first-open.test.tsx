import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuProps } from '@mui/material/Menu';
import { loadedOnFirstOpen } from './loaded-on-first-open';

const Menu = loadedOnFirstOpen<MenuProps>(() => import('@mui/material/Menu'));

afterEach(() => cleanup());

function UserMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button onClick={(event) => setAnchor(event.currentTarget)}>Open the menu</button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <li role="menuitem" onClick={() => setAnchor(null)}>
          My Profile
        </li>
      </Menu>
    </>
  );
}

describe('a popup loaded on first open', () => {
  it('renders nothing until it is opened, then its content, and closes again', async () => {
    render(<UserMenu />);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.queryByText('My Profile')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    expect(
      await screen.findByRole('menuitem', { name: 'My Profile' }, { timeout: 15_000 }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('menuitem', { name: 'My Profile' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull(), { timeout: 5_000 });

    // Opened once, it opens again at once.
    fireEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toBeTruthy();
  });
});
