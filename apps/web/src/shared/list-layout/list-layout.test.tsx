import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListLayout, useListUrlState, type ListView } from './index';

interface Invoice {
  id: string;
  number: string;
}

const VIEWS: ListView[] = [
  { value: 'actionRequired', label: 'Action Required', count: 3 },
  { value: 'draft', label: 'Draft', count: 12 },
  { value: 'all', label: 'All' },
];

const DEFAULT_FILTERS = { status: '', auditable: 'true' };

function Query() {
  return <p data-testid="query">{useLocation().search}</p>;
}

type PageState = {
  items?: Invoice[];
  isLoading?: boolean;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => void;
};

function InvoiceList(state: PageState) {
  const list = useListUrlState({ defaultView: 'actionRequired', defaultFilters: DEFAULT_FILTERS });
  const [draft, setDraft] = useState(list.filters);
  return (
    <ListLayout<Invoice>
      views={VIEWS}
      view={list.view}
      onViewChange={list.setView}
      filters={
        <>
          <label>
            Invoice Status
            <input
              value={draft.status}
              onChange={(event) => setDraft({ ...draft, status: event.target.value })}
            />
          </label>
          <p data-testid="applied">{JSON.stringify(list.filters)}</p>
        </>
      }
      onApplyFilters={() => list.applyFilters(draft)}
      onResetFilters={() => {
        setDraft(DEFAULT_FILTERS);
        list.resetFilters();
      }}
      search={list.search}
      onSearchChange={list.setSearch}
      searchPlaceholder="Search invoices"
      items={state.items ?? []}
      getKey={(invoice) => invoice.id}
      renderItem={(invoice) => <article>Invoice {invoice.number}</article>}
      isLoading={state.isLoading ?? false}
      hasNextPage={state.hasNextPage ?? false}
      isFetchingNextPage={state.isFetchingNextPage ?? false}
      fetchNextPage={state.fetchNextPage ?? (() => undefined)}
      emptyText="No Matching Invoices Found"
    />
  );
}

function renderList(state: PageState = {}, url = '/third-party-payer-invoices') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <InvoiceList {...state} />
      <Query />
    </MemoryRouter>,
  );
}

const query = () => screen.getByTestId('query').textContent;

// The last IntersectionObserver made, so a test can scroll the list's end into view.
let observed: { callback: IntersectionObserverCallback; targets: Element[] } | null = null;
class FakeIntersectionObserver {
  constructor(callback: IntersectionObserverCallback) {
    observed = { callback, targets: [] };
  }
  observe(target: Element) {
    observed?.targets.push(target);
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  observed = null;
});

describe('ListLayout', () => {
  it('shows the VIEWS and FILTERS tabs with count badges, and keeps the chosen view in the URL', () => {
    renderList();
    expect(screen.getByRole('tab', { name: 'VIEWS' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'FILTERS' })).toBeTruthy();
    const views = within(screen.getByRole('list', { name: 'Views' }));
    expect(views.getByRole('button', { name: /Action Required/ }).textContent).toContain('3');
    expect(views.getByRole('button', { name: /Draft/ }).textContent).toContain('12');
    expect(views.getByRole('button', { name: 'All' }).textContent).toBe('All');

    fireEvent.click(views.getByRole('button', { name: /Draft/ }));
    expect(query()).toBe('?view=draft');
    expect(views.getByRole('button', { name: /Draft/ }).getAttribute('aria-current')).toBe('true');
    // The default view leaves the URL clean.
    fireEvent.click(views.getByRole('button', { name: /Action Required/ }));
    expect(query()).toBe('');
  });

  it('applies filters to the URL with Apply, and Reset returns to the defaults', () => {
    renderList();
    fireEvent.click(screen.getByRole('tab', { name: 'FILTERS' }));
    fireEvent.input(screen.getByLabelText('Invoice Status'), { target: { value: 'RECEIVED' } });
    // Nothing is applied until Apply.
    expect(query()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(query()).toBe('?status=RECEIVED');
    expect(screen.getByTestId('applied').textContent).toBe(
      JSON.stringify({ status: 'RECEIVED', auditable: 'true' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(query()).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Invoice Status').value).toBe('');
  });

  it('reads a shared URL back into the view, search and filters', () => {
    renderList({}, '/third-party-payer-invoices?view=draft&search=INV-77&auditable=false');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search invoices' }).value).toBe(
      'INV-77',
    );
    expect(screen.getByRole('button', { name: /Draft/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('applied').textContent).toBe(
      JSON.stringify({ status: '', auditable: 'false' }),
    );
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search invoices' }), {
      target: { value: '' },
    });
    expect(query()).toBe('?view=draft&auditable=false');
  });

  it('shows 10 placeholder cards while the first page loads', () => {
    renderList({ isLoading: true });
    expect(screen.getAllByTestId('placeholder-card')).toHaveLength(10);
    expect(screen.queryByText('No Matching Invoices Found')).toBeNull();
  });

  it('says so when nothing matches', () => {
    renderList({ items: [] });
    expect(screen.getByRole('status').textContent).toBe('No Matching Invoices Found');
    expect(screen.queryByText('No More Results')).toBeNull();
  });

  it('loads the next page when the end of the list scrolls into view, and ends with "No More Results"', () => {
    const fetchNextPage = vi.fn();
    const items = [
      { id: 'a', number: 'INV-1' },
      { id: 'b', number: 'INV-2' },
    ];
    const { rerender } = renderList({ items, hasNextPage: true, fetchNextPage });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText('No More Results')).toBeNull();
    expect(observed?.targets).toEqual([screen.getByTestId('list-end-sentinel')]);
    act(() =>
      observed?.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        observed as unknown as IntersectionObserver,
      ),
    );
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(
      <MemoryRouter>
        <InvoiceList items={items} hasNextPage={false} fetchNextPage={fetchNextPage} />
      </MemoryRouter>,
    );
    expect(screen.getByText('No More Results')).toBeTruthy();
  });

  it('collapses and reopens the sidebar', () => {
    renderList();
    const toggle = screen.getByRole('button', { name: 'Views and filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.queryByRole('tab', { name: 'VIEWS' })).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('tab', { name: 'VIEWS' })).toBeTruthy();
  });

  it('opens the views and filters as a drawer on a phone, and closes it once a view is chosen', async () => {
    // Below 900 px wide.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    renderList();
    expect(screen.queryByRole('tab', { name: 'VIEWS' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Views and filters' }));
    const drawer = await screen.findByRole('presentation');
    fireEvent.click(within(drawer).getByRole('button', { name: /Draft/ }));
    expect(query()).toBe('?view=draft');
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'VIEWS' })).toBeNull());
  });
});
