import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Opens a group of the wide-screen side navigation unless it is open already, and waits until its
 * entries have slid fully open. A click while they slide can miss: the browser scrolls the
 * half-open group to bring the entry into view, the group then grows and scrolls back, and the
 * pointer is released over the entry above, so no link is followed.
 */
export async function openNavigationGroup(page: Page, label: string) {
  const header = page
    .getByTestId('side-navigation')
    .getByRole('button', { name: label, exact: true });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  const list = page.locator(`[id="${await header.getAttribute('aria-controls')}"]`);
  await expect(list).toBeInViewport({ ratio: 1 });
}
