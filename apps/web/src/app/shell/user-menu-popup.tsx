import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export interface UserMenuPopupProps {
  open: boolean;
  anchorEl: HTMLElement | null;
  onClose(): void;
  name: string;
  companyName: string;
  entries: { label: string; onClick(): void; disabled?: boolean }[];
}

/**
 * The user menu's popup: who is signed in, then the entries. Its own chunk, loaded the first time
 * the menu opens (decision 268).
 */
export default function UserMenuPopup({
  open,
  anchorEl,
  onClose,
  name,
  companyName,
  entries,
}: UserMenuPopupProps) {
  return (
    <Menu anchorEl={anchorEl} open={open} onClose={onClose}>
      <MenuItem disabled divider>
        <ListItemText primary={name} secondary={companyName} />
      </MenuItem>
      {entries.map((entry) => (
        <MenuItem key={entry.label} onClick={entry.onClick} disabled={entry.disabled}>
          {entry.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
