import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import {
  LAYOUT,
  type NavigationCount,
  type NavigationGroup,
  type NavigationItem,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { navigationCountQueryOptions } from '../../shared/counts/navigation-counts';
import { useClientConfig } from '../../shared/config';
import { useCurrentUser, useLogout } from '../../shared/session';
import { builtNavigation } from './built-navigation';
import { formatCount } from '../../shared/format/numbers';
import { LabelPill } from '../../shared/ui/label-pill';
import { NAVIGATION_ICONS } from './navigation-icons';

/** Which top menu is open, remembered on this device. */
export const OPEN_MENU_STORAGE_KEY = 'portal.navigation.openMenu';

function readOpenMenu(): string | null {
  try {
    return localStorage.getItem(OPEN_MENU_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the menu simply is not remembered.
    return null;
  }
}

function writeOpenMenu(label: string | null) {
  try {
    if (label === null) localStorage.removeItem(OPEN_MENU_STORAGE_KEY);
    else localStorage.setItem(OPEN_MENU_STORAGE_KEY, label);
  } catch {
    // See readOpenMenu.
  }
}

const isCurrent = (pathname: string, path: string | undefined) =>
  path !== undefined && (pathname === path || pathname.startsWith(`${path}/`));

/**
 * The side navigation's entries (spec section 2): the groups and items this user may see, each
 * with its live count. `expanded` is false when the navigation is collapsed to its 60 px icons.
 */
export function NavigationMenu({
  expanded,
  onNavigate,
}: {
  expanded: boolean;
  /** Called after an entry is chosen (the phone drawer closes). */
  onNavigate?: () => void;
}) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const groups = builtNavigation(user);
  const [openMenu, setOpenMenu] = useState<string | null>(() => {
    const remembered = readOpenMenu();
    if (remembered !== null) return remembered;
    // Nothing remembered yet: the group of the page on screen.
    return (
      groups.find((group) => group.items.some((item) => isCurrent(pathname, item.path)))?.label ??
      null
    );
  });
  const toggle = (label: string) => {
    const next = openMenu === label ? null : label;
    setOpenMenu(next);
    writeOpenMenu(next ?? '');
  };

  return (
    <List component="div" aria-label="Main navigation" sx={{ py: 1 }}>
      {groups.map((group, index) =>
        group.label ? (
          <Group
            key={group.label}
            group={group}
            open={expanded && openMenu === group.label}
            expanded={expanded}
            onToggle={() => toggle(group.label!)}
          >
            {group.items.map((item) => (
              <Entry
                key={item.label}
                item={item}
                nested
                expanded={expanded}
                current={isCurrent(pathname, item.path)}
                onNavigate={onNavigate}
              />
            ))}
          </Group>
        ) : (
          group.items.map((item) => (
            <Entry
              key={`${index}-${item.label}`}
              item={item}
              expanded={expanded}
              current={isCurrent(pathname, item.path)}
              onNavigate={onNavigate}
            />
          ))
        ),
      )}
    </List>
  );
}

function Group({
  group,
  open,
  expanded,
  onToggle,
  children,
}: {
  group: NavigationGroup;
  open: boolean;
  expanded: boolean;
  onToggle(): void;
  children: ReactNode;
}) {
  const Icon = NAVIGATION_ICONS[group.label!];
  const listId = `navigation-${group.label!.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <>
      <ListItemButton
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={listId}
        sx={{ minHeight: 48, px: 2.25 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{Icon ? <Icon /> : null}</ListItemIcon>
        <ListItemText
          primary={group.label}
          sx={{ opacity: expanded ? 1 : 0, whiteSpace: 'nowrap' }}
          slotProps={{ primary: { sx: { fontWeight: 600 } } }}
        />
        {expanded ? open ? <ExpandLess /> : <ExpandMore /> : null}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit={false}>
        <List component="div" id={listId} disablePadding aria-label={group.label}>
          {children}
        </List>
      </Collapse>
    </>
  );
}

function Entry({
  item,
  nested = false,
  expanded,
  current,
  onNavigate,
}: {
  item: NavigationItem;
  nested?: boolean;
  expanded: boolean;
  current: boolean;
  onNavigate?: () => void;
}) {
  const config = useClientConfig();
  const logout = useLogout();
  const Icon = NAVIGATION_ICONS[item.label];
  const body = (
    <>
      <ListItemIcon sx={{ minWidth: 40 }}>{Icon ? <Icon /> : null}</ListItemIcon>
      <ListItemText
        primary={item.label}
        sx={{ opacity: expanded ? 1 : 0, whiteSpace: expanded ? 'normal' : 'nowrap', my: 0.25 }}
        slotProps={{ primary: { sx: { lineHeight: 1.25 } } }}
      />
      {item.count ? <EntryCount count={item.count} shown={expanded} /> : null}
    </>
  );
  const sx = { minHeight: 44, pl: nested && expanded ? 3 : 2.25, pr: 1.5 };
  if (item.action === 'support') {
    return (
      <ListItemButton
        component="a"
        href={config?.helpDeskUrl}
        target="_blank"
        rel="noopener noreferrer"
        sx={sx}
        onClick={onNavigate}
      >
        {body}
      </ListItemButton>
    );
  }
  if (item.action === 'logout') {
    return (
      <ListItemButton sx={sx} onClick={() => logout.mutate()} disabled={logout.isPending}>
        {body}
      </ListItemButton>
    );
  }
  return (
    <ListItemButton
      component={RouterLink}
      to={item.path!}
      selected={current}
      aria-current={current ? 'page' : undefined}
      sx={sx}
      onClick={onNavigate}
    >
      {body}
    </ListItemButton>
  );
}

/**
 * An entry's live count (a shown entry's count is asked for even while the navigation is collapsed,
 * so it is there as it expands). It follows its query alone: an answer redraws the pill, not the
 * navigation.
 */
function EntryCount({ count, shown }: { count: NavigationCount; shown: boolean }) {
  const answer = useQuery(navigationCountQueryOptions(count));
  if (!shown || answer.data === undefined) return null;
  return (
    <LabelPill
      color="primary"
      label={formatCount(answer.data)}
      data-testid={`navigation-count-${count}`}
      sx={{ ml: 1, height: 22, flexShrink: 0 }}
    />
  );
}

/**
 * The wide-screen side navigation: 240 px open, 60 px collapsed to icons. Collapsed, it expands
 * while the pointer (or keyboard focus) is on it and collapses again when it leaves.
 */
export function SideNavigation({ pinnedOpen, top }: { pinnedOpen: boolean; top: number }) {
  const [hovered, setHovered] = useState(false);
  const expanded = pinnedOpen || hovered;
  return (
    <Box
      component="nav"
      aria-label="Side navigation"
      data-testid="side-navigation"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHovered(false);
      }}
      sx={{
        position: 'fixed',
        top,
        left: 0,
        bottom: 0,
        width: expanded ? LAYOUT.navWidthOpen : LAYOUT.navWidthCollapsed,
        transition: (theme) =>
          theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        overflowX: 'hidden',
        overflowY: 'auto',
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
        zIndex: (theme) => theme.zIndex.appBar - 1,
        boxShadow: expanded && !pinnedOpen ? 8 : 0,
      }}
    >
      <NavigationMenu expanded={expanded} />
    </Box>
  );
}
