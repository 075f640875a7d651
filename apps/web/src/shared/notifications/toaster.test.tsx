import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => cleanup());

/** A fresh toaster, its host not loaded yet. */
async function freshToaster() {
  vi.resetModules();
  return import('./toaster');
}

describe('the toaster', () => {
  it('shows a toast asked for before its host has arrived, once it arrives', async () => {
    const { Toaster, enqueueToast } = await freshToaster();
    enqueueToast('Driver removed', { variant: 'success' });
    expect(screen.queryByText('Driver removed')).toBeNull();
    render(<Toaster />);
    expect(await screen.findByText('Driver removed')).toBeTruthy();
  });

  it('gives a waiting toast its key at once, and closing it then means it never shows', async () => {
    const { Toaster, closeToast, enqueueToast } = await freshToaster();
    const progress = enqueueToast('Saving note…', { persist: true });
    const done = enqueueToast('Note saved');
    expect(progress).not.toEqual(done);
    closeToast(progress);
    render(<Toaster />);
    expect(await screen.findByText('Note saved')).toBeTruthy();
    expect(screen.queryByText('Saving note…')).toBeNull();
  });

  it('shows each confirmation of a repeated action, and a repeated failure once', async () => {
    const { Toaster, enqueueToast } = await freshToaster();
    enqueueToast('Document uploaded successfully', { variant: 'success' });
    render(<Toaster preventDuplicate autoHideDuration={null} />);
    expect(await screen.findAllByText('Document uploaded successfully')).toHaveLength(1);
    act(() => {
      enqueueToast('Document uploaded successfully', { variant: 'success' });
      enqueueToast('Request not successful', { variant: 'error' });
      enqueueToast('Request not successful', { variant: 'error' });
    });
    expect(await screen.findAllByText('Document uploaded successfully')).toHaveLength(2);
    expect(screen.getAllByText('Request not successful')).toHaveLength(1);
  });

  it('closes a shown toast by the key it was given while waiting', async () => {
    const { Toaster, closeToast, enqueueToast } = await freshToaster();
    const key = enqueueToast('Uploading…', { persist: true });
    render(<Toaster />);
    expect(await screen.findByText('Uploading…')).toBeTruthy();
    act(() => closeToast(key));
    await waitFor(() => expect(screen.queryByText('Uploading…')).toBeNull());
  });

  it('loads its host while idle a moment after the start, and then shows a toast at once', async () => {
    const { TOAST_HOST_IDLE_AFTER_MS, Toaster, enqueueToast } = await freshToaster();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(<Toaster />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(TOAST_HOST_IDLE_AFTER_MS + 100);
        await import('./toast-host');
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
      act(() => {
        enqueueToast('Equipment saved');
      });
      // No load between the call and the toast: it is on the page in the same turn.
      expect(screen.getByText('Equipment saved')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries its host again at the next toast when its code could not load (offline)', async () => {
    vi.resetModules();
    vi.doMock('./toast-host', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { Toaster, enqueueToast } = await import('./toaster');
    render(<Toaster />);
    act(() => {
      enqueueToast('Note saved');
    });
    await act(async () => {
      await new Promise((settle) => setTimeout(settle, 50));
    });
    expect(screen.queryByText('Note saved')).toBeNull();
    vi.doUnmock('./toast-host');
    act(() => {
      enqueueToast('Driver removed');
    });
    expect(await screen.findByText('Driver removed')).toBeTruthy();
    expect(screen.getByText('Note saved')).toBeTruthy();
  });
});
