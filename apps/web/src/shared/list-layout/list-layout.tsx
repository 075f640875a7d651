import FilterList from '@mui/icons-material/FilterList';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { LAYOUT, LIST_MESSAGES, LIST_PLACEHOLDER_CARDS } from '@portal/domain';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useIsMobile } from '../ui/use-is-mobile';
import { formatCount } from '../format/numbers';
import { PlaceholderCard } from './placeholder-card';

export interface ListView {
  value: string;
  label: string;
  /** A count badge, when defined. */
  count?: number;
}

export interface ListLayoutProps<Item> {
  /** A heading inside the page (the top bar already shows the page title). */
  title?: string;
  views: ListView[];
  view: string;
  onViewChange(view: string): void;
  /** The FILTERS tab's body; the layout draws Reset and Apply under it. */
  filters: ReactNode;
  onApplyFilters(): void;
  onResetFilters(): void;
  search: string;
  onSearchChange(search: string): void;
  searchPlaceholder: string;
  /** Extra controls beside the search bar (a list/map toggle, for example). */
  toolbar?: ReactNode;
  items: Item[];
  getKey(item: Item): string;
  /** One card. */
  renderItem(item: Item): ReactNode;
  /** The first page is loading: placeholder cards stand in for it. */
  isLoading: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Called when the end of the list scrolls into view (infinite scroll). */
  fetchNextPage(): void;
  emptyText: string;
  /** Shown under the last card once every page is loaded; "No More Results" by default. */
  endText?: string;
  /** Replaces the card list when given (a map view, for example). */
  children?: ReactNode;
}

type SidebarTab = 'views' | 'filters';

/**
 * The layout every list page shares: a collapsible left sidebar (275 px) with the VIEWS and FILTERS
 * tabs, a search bar, and an infinitely scrolling column of cards. Below 900 px the sidebar opens as
 * a drawer from the filter button.
 */
export function ListLayout<Item>(props: ListLayoutProps<Item>) {
  const isMobile = useIsMobile();
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [tab, setTab] = useState<SidebarTab>('views');
  const sidebarId = useId();

  const closeDrawer = () => setDrawerOpen(false);
  const sidebar = (
    <ListSidebar
      {...props}
      id={sidebarId}
      tab={tab}
      onTabChange={setTab}
      onDone={isMobile ? closeDrawer : undefined}
    />
  );
  const expanded = isMobile ? drawerOpen : sidebarOpen;

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', minWidth: 0 }}>
      {isMobile ? (
        <Drawer
          open={drawerOpen}
          onClose={closeDrawer}
          slotProps={{ paper: { sx: { width: LAYOUT.listSidebarWidth, maxWidth: '85vw' } } }}
        >
          {sidebar}
        </Drawer>
      ) : sidebarOpen ? (
        <Paper
          variant="outlined"
          sx={{
            width: LAYOUT.listSidebarWidth,
            flexShrink: 0,
            position: 'sticky',
            top: 80,
            maxHeight: 'calc(100dvh - 96px)',
            overflow: 'auto',
          }}
        >
          {sidebar}
        </Paper>
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {props.title ? (
          <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
            {props.title}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Tooltip title={expanded ? 'Hide views and filters' : 'Show views and filters'}>
            <IconButton
              aria-label="Views and filters"
              aria-expanded={expanded}
              aria-controls={expanded ? sidebarId : undefined}
              onClick={() => (isMobile ? setDrawerOpen(true) : setSidebarOpen((open) => !open))}
            >
              <FilterList />
            </IconButton>
          </Tooltip>
          <TextField
            value={props.search}
            onChange={(event) => props.onSearchChange(event.target.value)}
            placeholder={props.searchPlaceholder}
            size="small"
            type="search"
            sx={{ flex: 1, minWidth: 0, bgcolor: 'background.paper' }}
            slotProps={{
              htmlInput: { 'aria-label': props.searchPlaceholder },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          {props.toolbar}
        </Stack>
        {props.children ?? <CardList {...props} />}
      </Box>
    </Box>
  );
}

function ListSidebar<Item>(
  props: ListLayoutProps<Item> & {
    id: string;
    tab: SidebarTab;
    onTabChange(tab: SidebarTab): void;
    /** On a phone: close the drawer once a view is chosen or filters are applied. */
    onDone?: () => void;
  },
) {
  const { id, tab, onTabChange, onDone } = props;
  return (
    <Box id={id} component="aside" aria-label="Views and filters">
      <Tabs
        value={tab}
        onChange={(_event, next: SidebarTab) => onTabChange(next)}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="views" label="VIEWS" id={`${id}-views-tab`} aria-controls={`${id}-views`} />
        <Tab
          value="filters"
          label="FILTERS"
          id={`${id}-filters-tab`}
          aria-controls={`${id}-filters`}
        />
      </Tabs>
      <Box
        role="tabpanel"
        id={`${id}-views`}
        aria-labelledby={`${id}-views-tab`}
        hidden={tab !== 'views'}
      >
        <List aria-label="Views">
          {props.views.map((view) => (
            <ListItemButton
              key={view.value}
              selected={view.value === props.view}
              aria-current={view.value === props.view ? 'true' : undefined}
              onClick={() => {
                props.onViewChange(view.value);
                onDone?.();
              }}
            >
              <ListItemText primary={view.label} />
              {view.count === undefined ? null : (
                <Chip
                  size="small"
                  label={formatCount(view.count)}
                  color={view.value === props.view ? 'primary' : 'default'}
                  aria-label={`${view.count} ${view.label}`}
                />
              )}
            </ListItemButton>
          ))}
        </List>
      </Box>
      <Box
        role="tabpanel"
        id={`${id}-filters`}
        aria-labelledby={`${id}-filters-tab`}
        hidden={tab !== 'filters'}
        sx={{ p: 2 }}
      >
        <Stack spacing={2}>{props.filters}</Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={props.onResetFilters}>Reset</Button>
          <Button
            variant="contained"
            onClick={() => {
              props.onApplyFilters();
              onDone?.();
            }}
          >
            Apply
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}

function CardList<Item>(props: ListLayoutProps<Item>) {
  const { items, isLoading, hasNextPage, isFetchingNextPage, fetchNextPage } = props;
  const sentinel = useRef<HTMLDivElement>(null);
  const fetchNext = useRef(fetchNextPage);
  fetchNext.current = fetchNextPage;

  const canLoadMore = !isLoading && hasNextPage && !isFetchingNextPage;
  useEffect(() => {
    const target = sentinel.current;
    if (!canLoadMore || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fetchNext.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadMore, items.length]);

  if (isLoading)
    return (
      <Stack spacing={1.5} aria-busy="true" aria-label="Loading">
        {Array.from({ length: LIST_PLACEHOLDER_CARDS }, (_, index) => (
          <PlaceholderCard key={index} />
        ))}
      </Stack>
    );
  if (items.length === 0)
    return (
      <Typography role="status" sx={{ py: 6, textAlign: 'center' }} color="text.secondary">
        {props.emptyText}
      </Typography>
    );
  return (
    <Stack spacing={1.5}>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <li key={props.getKey(item)}>{props.renderItem(item)}</li>
        ))}
      </Stack>
      {isFetchingNextPage ? (
        <Stack spacing={1.5} aria-busy="true">
          <PlaceholderCard />
          <PlaceholderCard />
        </Stack>
      ) : null}
      <div ref={sentinel} data-testid="list-end-sentinel" />
      {!hasNextPage ? (
        <Typography sx={{ py: 2, textAlign: 'center' }} color="text.secondary">
          {props.endText ?? LIST_MESSAGES.endOfList}
        </Typography>
      ) : null}
    </Stack>
  );
}
