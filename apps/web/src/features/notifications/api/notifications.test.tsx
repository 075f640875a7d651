import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationStream } from './notifications';

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
}

let online = true;

beforeEach(() => {
  FakeEventSource.opened = [];
  online = true;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function goOffline() {
  online = false;
  act(() => void window.dispatchEvent(new Event('offline')));
}

function goOnline() {
  online = true;
  act(() => void window.dispatchEvent(new Event('online')));
}

function renderStream(onNotification = vi.fn()) {
  const queryClient = new QueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return {
    onNotification,
    invalidated,
    ...renderHook(() => useNotificationStream(onNotification), { wrapper }),
  };
}

describe('the notification stream', () => {
  it('closes without signal instead of retrying, and opens again when the signal returns', () => {
    const { onNotification, invalidated, unmount } = renderStream();
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      '/api/v1/notifications/stream',
    ]);
    const first = FakeEventSource.opened[0]!;

    goOffline();
    expect(first.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);

    expect(invalidated).not.toHaveBeenCalled();
    goOnline();
    expect(FakeEventSource.opened).toHaveLength(2);
    const second = FakeEventSource.opened[1]!;
    expect(second.closed).toBe(false);
    // What came while it was closed is read with the list.
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['notifications', 'list'] });
    // A second "online" while connected opens nothing more.
    goOnline();
    expect(FakeEventSource.opened).toHaveLength(2);

    const notification = { id: 'n1', kind: 'NewTender', title: 'New tender' };
    act(() =>
      second.listeners.get('notification')!(
        new MessageEvent('notification', { data: JSON.stringify(notification) }),
      ),
    );
    expect(onNotification).toHaveBeenCalledWith(notification);

    unmount();
    expect(second.closed).toBe(true);
    goOnline();
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('waits for the signal when the page opens without it', () => {
    online = false;
    renderStream();
    expect(FakeEventSource.opened).toHaveLength(0);
    goOnline();
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
