import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Toolbar from '@mui/material/Toolbar';
import { LabelPill } from '../../../shared/ui/label-pill';
import Typography from '@mui/material/Typography';
import type { ShipmentSearchResult } from '@portal/contract';
import { QUICK_SEARCH_DEBOUNCE_MS, QUICK_SEARCH_MESSAGES } from '@portal/domain';
import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type UIEvent,
} from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../shared/session';
import { Popper } from '../../../shared/ui/loaded-on-first-open';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value';
import { quickSearchResultPath, useShipmentQuickSearch } from '../api/search-shipments';

const place = (stop: ShipmentSearchResult['origin']) =>
  `${stop.city}, ${stop.state} ${stop.postalCode}`;

/** The phone's full-screen search drawer: its bar with the title and Close, and the search. */
export function QuickSearchDrawerContent({ onClose }: { onClose(): void }) {
  return (
    <>
      <AppBar position="static" elevation={0}>
        <Toolbar>
          <Typography id="quick-search-drawer-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            {QUICK_SEARCH_MESSAGES.drawerTitle}
          </Typography>
          <IconButton color="inherit" aria-label="Close" onClick={onClose}>
            <Close />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2 }}>
        <QuickSearchBox variant="drawer" onDone={onClose} />
      </Box>
    </>
  );
}

/** The search field and its results: in the top bar on a wide screen, in the drawer on a phone. */
export function QuickSearchBox({
  variant,
  onDone,
  barWidth = 420,
}: {
  variant: 'bar' | 'drawer';
  onDone?: () => void;
  /** The field's widest on a wide screen. */
  barWidth?: number;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const listboxId = useId();
  const anchor = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(variant === 'drawer');
  const [active, setActive] = useState(-1);
  // Enter searches at once (no debounce) and opens the shipment whose number is exactly the text.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const debounced = useDebouncedValue(text.trim(), QUICK_SEARCH_DEBOUNCE_MS);
  const query = submitted !== null && submitted === text.trim() ? submitted : debounced;
  const search = useShipmentQuickSearch(query);
  const results = search.data?.pages.flatMap((page) => page.data) ?? [];
  const waiting = text.trim() !== query || (query !== '' && search.isPending);

  useEffect(() => setActive(-1), [query]);

  // The drawer opens ready to type: the field takes the focus when it appears (the runtime does not
  // act on autoFocus for an element added after the page loaded, and the drawer's own focus trap
  // would otherwise hold the focus on the drawer).
  useEffect(() => {
    if (variant === 'drawer') field.current?.focus();
  }, [variant]);

  const choose = (result: ShipmentSearchResult) => {
    const path = quickSearchResultPath(result.status.value, result.shipmentNumber);
    // A draft shipment has no page to open.
    if (!path) return;
    setOpen(variant === 'drawer');
    setText('');
    setSubmitted(null);
    navigate(path);
    onDone?.();
  };

  const exactMatch = (wanted: string) => {
    const matches = results.filter(
      (result) => result.shipmentNumber.toLowerCase() === wanted.toLowerCase(),
    );
    return matches.length === 1 ? matches[0] : undefined;
  };

  const openSubmitted = useEffectEvent((wanted: string) => {
    setSubmitted(null);
    const match = exactMatch(wanted);
    if (match) choose(match);
  });

  // After Enter, once the answer for the submitted text is in: open its single exact match.
  const answered = submitted !== null && query === submitted && !waiting && search.isSuccess;
  useEffect(() => {
    if (answered && submitted !== null) openSubmitted(submitted);
  }, [answered, submitted]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, results.length - 1));
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && active >= 0 && results[active]) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Enter' && text.trim() !== '') {
      event.preventDefault();
      setOpen(true);
      setSubmitted(text.trim());
    } else if (event.key === 'Escape' && variant === 'bar') {
      setOpen(false);
    }
  };

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (
      list.scrollTop + list.clientHeight >= list.scrollHeight - 40 &&
      search.hasNextPage &&
      !search.isFetchingNextPage
    )
      void search.fetchNextPage();
  };

  const prompt = user.isBroker ? QUICK_SEARCH_MESSAGES.promptBroker : QUICK_SEARCH_MESSAGES.prompt;
  let status: string | null = null;
  if (text.trim() === '') status = prompt;
  else if (!waiting && search.isSuccess && results.length === 0)
    status = QUICK_SEARCH_MESSAGES.noResults;

  const panel = (
    <Box
      component="div"
      sx={{ maxHeight: variant === 'bar' ? 420 : 'none', overflowY: 'auto' }}
      onScroll={onScroll}
    >
      {status ? (
        <Typography role="status" sx={{ p: 2 }} color="text.secondary">
          {status}
        </Typography>
      ) : null}
      {waiting && text.trim() !== '' ? (
        <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }} aria-label="Searching">
          <CircularProgress size={24} />
        </Box>
      ) : null}
      <Box
        component="ul"
        role="listbox"
        id={listboxId}
        aria-label="Shipments found"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: results.length && !waiting ? 'block' : 'none',
        }}
      >
        {results.map((result, index) => {
          const path = quickSearchResultPath(result.status.value, result.shipmentNumber);
          return (
            <Box
              component="li"
              key={result.id}
              id={`${listboxId}-${index}`}
              role="option"
              aria-selected={index === active}
              aria-disabled={path === null ? true : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(result)}
              onMouseEnter={() => setActive(index)}
              sx={{
                px: 2,
                py: 1.25,
                borderBottom: 1,
                borderColor: 'divider',
                cursor: path ? 'pointer' : 'default',
                bgcolor: index === active ? 'action.hover' : undefined,
                color: path ? 'text.primary' : 'text.secondary',
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {result.shipmentNumber}
                </Typography>
                <LabelPill label={result.status.displayName} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {place(result.origin)} → {place(result.destination)}
              </Typography>
              {user.isBroker && result.referenceNumbers.length ? (
                <Typography variant="body2" color="text.secondary" data-testid="reference-numbers">
                  {result.referenceNumbers
                    .map((reference) => `${reference.label}: ${reference.value}`)
                    .join(' · ')}
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </Box>
      {search.isFetchingNextPage ? (
        <Box sx={{ p: 1, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress size={20} />
        </Box>
      ) : null}
    </Box>
  );

  // An outlined input rather than a TextField, whose select mode would bring MUI's Select into the
  // shell.
  const input = (
    <OutlinedInput
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        setOpen(true);
      }}
      onFocus={() => setOpen(true)}
      onKeyDown={onKeyDown}
      placeholder={prompt}
      size="small"
      fullWidth
      inputRef={field}
      sx={
        variant === 'bar'
          ? { bgcolor: 'background.paper', borderRadius: 1, maxWidth: barWidth }
          : undefined
      }
      inputProps={{
        role: 'combobox',
        'aria-label': 'Search shipments',
        'aria-autocomplete': 'list',
        'aria-expanded': open,
        'aria-controls': listboxId,
        'aria-activedescendant': active >= 0 ? `${listboxId}-${active}` : undefined,
      }}
      startAdornment={
        <InputAdornment position="start">
          <Search aria-hidden />
        </InputAdornment>
      }
    />
  );

  if (variant === 'drawer')
    return (
      <>
        {input}
        {panel}
      </>
    );
  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <Box ref={anchor} sx={{ flex: 1, maxWidth: barWidth, minWidth: 200 }}>
        {input}
        <Popper
          open={open}
          anchorEl={anchor.current}
          placement="bottom-start"
          disablePortal
          sx={{ zIndex: (theme) => theme.zIndex.modal, width: anchor.current?.offsetWidth }}
        >
          <Paper elevation={8} sx={{ mt: 0.5 }}>
            {panel}
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
