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

  it('closes a shown toast by the key it was given while waiting', async () => {
    const { Toaster, closeToast, enqueueToast } = await freshToaster();
    const key = enqueueToast('Uploading…', { persist: true });
    render(<Toaster />);
    expect(await screen.findByText('Uploading…')).toBeTruthy();
    act(() => closeToast(key));
    await waitFor(() => expect(screen.queryByText('Uploading…')).toBeNull());
  });

  it('loads its host without a toast, and shows the next toast at once', async () => {
    const { Toaster, enqueueToast } = await freshToaster();
    render(<Toaster />);
    // notistack's provider marks its place once mounted; then a toast needs no load.
    await act(async () => {
      await import('./toast-host');
      await new Promise((settle) => setTimeout(settle, 50));
    });
    act(() => {
      enqueueToast('Equipment saved');
    });
    expect(screen.getByText('Equipment saved')).toBeTruthy();
  });
});
