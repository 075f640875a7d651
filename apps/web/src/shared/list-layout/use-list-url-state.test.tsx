import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './use-debounced-search';
import { useFilterDraft } from './use-filter-draft';
import { useListUrlState } from './use-list-url-state';

// A list page as the features build it: the search box writes to the address once typing pauses;
// a sort and an invoice drawer (a deeper path, over the list) are navigations of their own.
function InvoiceList() {
  const list = useListUrlState({ defaultView: 'all', defaultFilters: { sort: 'number' } });
  const [text, setText] = useDebouncedSearch(list.search, list.setSearch);
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <label>
        Search
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="button" onClick={() => list.applyFilters({ sort: 'pickup' })}>
        Sort by pickup
      </button>
      <button
        type="button"
        onClick={() => void navigate({ pathname: '/invoices/7/preview', search })}
      >
        Open invoice 7
      </button>
      <button type="button" onClick={() => void navigate('/payments')}>
        Go to payments
      </button>
      <Outlet />
    </>
  );
}

function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

const DRAWER_LOAD_MS = 400;

// A data router, as the app's (createBrowserRouter): its navigate keeps one identity across renders.
function renderList(url = '/invoices') {
  const router = createMemoryRouter(
    [
      {
        path: '/invoices',
        element: (
          <>
            <InvoiceList />
            <Address />
          </>
        ),
        children: [
          {
            path: ':invoiceNumber/preview',
            // The drawer's code arrives a moment later, as a lazily loaded screen's does.
            lazy: () =>
              new Promise((resolve) =>
                setTimeout(() => resolve({ element: <p>Invoice drawer</p> }), DRAWER_LOAD_MS),
              ),
          },
        ],
      },
      {
        path: '/payments',
        // Another page, whose code also arrives a moment later.
        lazy: () =>
          new Promise((resolve) =>
            setTimeout(
              () =>
                resolve({
                  element: (
                    <>
                      <p>Payments</p>
                      <Address />
                    </>
                  ),
                }),
              DRAWER_LOAD_MS,
            ),
          ),
      },
    ],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}

const address = () => screen.getByTestId('address').textContent;
const type = (text: string) =>
  fireEvent.input(screen.getByLabelText('Search'), { target: { value: text } });
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useListUrlState with a debounced search', () => {
  it('writes the settled search into the address', async () => {
    renderList('/invoices?view=open');
    type('4500');
    await wait(LIST_SEARCH_DEBOUNCE_MS - 100);
    expect(address()).toBe('/invoices?view=open');
    await wait(200);
    expect(address()).toBe('/invoices?view=open&search=4500');
  });

  it('keeps a drawer opened while the search was settling, and adds the search to it', async () => {
    renderList();
    type('4500');
    await wait(200);
    fireEvent.click(screen.getByRole('button', { name: 'Open invoice 7' }));
    // The search settles while the drawer is still loading; then the drawer arrives.
    await wait(DRAWER_LOAD_MS + LIST_SEARCH_DEBOUNCE_MS);
    await wait(100);
    expect(address()).toBe('/invoices/7/preview?search=4500');
    expect(screen.getByText('Invoice drawer')).toBeTruthy();
  });

  it('keeps a sort chosen while the search was settling', async () => {
    renderList();
    type('4500');
    await wait(200);
    fireEvent.click(screen.getByRole('button', { name: 'Sort by pickup' }));
    await wait(LIST_SEARCH_DEBOUNCE_MS);
    expect(address()).toBe('/invoices?sort=pickup&search=4500');
  });

  it('does not carry a search that settles while the user is leaving for another page', async () => {
    renderList('/invoices?view=paid');
    type('4500');
    await wait(200);
    fireEvent.click(screen.getByRole('button', { name: 'Go to payments' }));
    // The search settles while the next page is still loading: it belongs to the list left behind.
    await wait(DRAWER_LOAD_MS + LIST_SEARCH_DEBOUNCE_MS);
    await wait(100);
    expect(screen.getByText('Payments')).toBeTruthy();
    expect(address()).toBe('/payments');
  });
});

// A list with a FILTERS panel, under a route whose loader takes a moment: each navigation, a filter's
// Apply included, is under way for that long before the page shows it.
function LoadList() {
  const list = useListUrlState({ defaultView: 'all', defaultFilters: { status: '' } });
  const { draft, setDraft, applyDraft, resetDraft } = useFilterDraft(list);
  const [text, setText] = useDebouncedSearch(list.search, list.setSearch);
  return (
    <>
      <label>
        Status
        <input
          value={draft.status}
          onChange={(event) => setDraft({ ...draft, status: event.target.value })}
        />
      </label>
      <label>
        Search
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="button" onClick={applyDraft}>
        Apply
      </button>
      <button type="button" onClick={resetDraft}>
        Reset
      </button>
      <button type="button" onClick={() => list.setView('open')}>
        Open loads
      </button>
    </>
  );
}

const LOADER_MS = 300;

function renderLoads(url = '/loads') {
  const router = createMemoryRouter(
    [
      {
        path: '/loads',
        loader: () => new Promise((resolve) => setTimeout(() => resolve(null), LOADER_MS)),
        hydrateFallbackElement: <p>Loading</p>,
        element: (
          <>
            <LoadList />
            <Address />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}

const status = () => screen.getByLabelText<HTMLInputElement>('Status');

describe('useFilterDraft', () => {
  it('clears the panel on Reset, also when it undoes an Apply still under way', async () => {
    renderLoads();
    await wait(LOADER_MS);
    fireEvent.input(status(), { target: { value: 'Booked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await wait(50);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await wait(LOADER_MS * 2);
    expect(address()).toBe('/loads');
    expect(status().value).toBe('');
  });

  it('keeps an Apply still under way when a view is chosen', async () => {
    renderLoads();
    await wait(LOADER_MS);
    fireEvent.input(status(), { target: { value: 'Booked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await wait(50);
    fireEvent.click(screen.getByRole('button', { name: 'Open loads' }));
    await wait(LOADER_MS * 2);
    expect(address()).toBe('/loads?status=Booked&view=open');
    expect(status().value).toBe('Booked');
  });

  it('keeps what the user is choosing when a search settles', async () => {
    renderLoads('/loads?status=Booked');
    await wait(LOADER_MS);
    fireEvent.input(status(), { target: { value: 'Delivered' } });
    type('4500');
    await wait(LIST_SEARCH_DEBOUNCE_MS + LOADER_MS);
    expect(address()).toBe('/loads?status=Booked&search=4500');
    expect(status().value).toBe('Delivered');
  });

  it('keeps what the user chooses after Reset while the address catches up', async () => {
    renderLoads('/loads?status=Booked');
    await wait(LOADER_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(status().value).toBe('');
    fireEvent.input(status(), { target: { value: 'Delivered' } });
    await wait(LOADER_MS * 2);
    expect(address()).toBe('/loads');
    expect(status().value).toBe('Delivered');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await wait(LOADER_MS * 2);
    expect(address()).toBe('/loads?status=Delivered');
  });

  it('keeps what the user chooses after Apply while the address catches up', async () => {
    renderLoads();
    await wait(LOADER_MS);
    fireEvent.input(status(), { target: { value: 'Booked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    fireEvent.input(status(), { target: { value: 'Delivered' } });
    await wait(LOADER_MS * 2);
    expect(address()).toBe('/loads?status=Booked');
    expect(status().value).toBe('Delivered');
  });

  it('shows what the address applies when it changes a filter', async () => {
    renderLoads('/loads?status=Booked');
    await wait(LOADER_MS);
    fireEvent.input(status(), { target: { value: 'Delivered' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await wait(LOADER_MS);
    expect(address()).toBe('/loads?status=Delivered');
    expect(status().value).toBe('Delivered');
  });
});
