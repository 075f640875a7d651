import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PlainAlert,
  PlainBadge,
  PlainButton,
  PlainButtonLink,
  plainButtonClass,
  PlainIconButton,
  PlainProgress,
  PlainTextField,
} from './plain';

afterEach(() => cleanup());

describe('the screens-before-sign-in parts', () => {
  it('a text field is named by its label and described by its helper text', () => {
    render(
      <PlainTextField label="Email address" type="email" helperText="Enter your email address" />,
    );
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('Enter your email address').id).toBe(
      input.getAttribute('aria-describedby'),
    );
  });

  it('a text field in error says so, and without helper text describes nothing', () => {
    render(<PlainTextField label="Password" error />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it("a text field hands its input to a form library's ref and reports typing", () => {
    const ref = createRef<HTMLInputElement>();
    const typed = vi.fn();
    render(<PlainTextField label="New password" ref={ref} onInput={typed} />);
    expect(ref.current).toBe(screen.getByLabelText('New password'));
    fireEvent.input(ref.current!, { target: { value: 'Correct-Horse-1' } });
    expect(typed).toHaveBeenCalledTimes(1);
    expect(ref.current!.value).toBe('Correct-Horse-1');
  });

  it('a button is a button unless asked to submit, and a disabled one does not act', () => {
    const clicked = vi.fn();
    render(
      <>
        <PlainButton onClick={clicked}>Sign in again</PlainButton>
        <PlainButton type="submit" disabled onClick={clicked}>
          Sign in
        </PlainButton>
      </>,
    );
    const again = screen.getByRole('button', { name: 'Sign in again' });
    expect(again.getAttribute('type')).toBe('button');
    fireEvent.click(again);
    expect(clicked).toHaveBeenCalledTimes(1);
    const submit = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    expect(submit.type).toBe('submit');
    expect(submit.disabled).toBe(true);
  });

  it('a link drawn as a button goes to its page', () => {
    render(
      <MemoryRouter>
        <PlainButtonLink to="/">Return to Home Page</PlainButtonLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Return to Home Page' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('an alert and a progress bar say what they are', () => {
    render(
      <>
        <PlainAlert severity="warning" action={<span>New link</span>}>
          This link is not valid.
        </PlainAlert>
        <PlainProgress label="Signing you in" />
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('This link is not valid.New link');
    expect(screen.getByRole('progressbar', { name: 'Signing you in' })).toBeTruthy();
  });

  it("a button's look names its classes: a medium button has no size class", () => {
    expect(plainButtonClass({})).toBe('plain-button plain-button--contained');
    expect(plainButtonClass({ variant: 'text', size: 'small' })).toBe(
      'plain-button plain-button--text plain-button--small',
    );
    expect(plainButtonClass({ variant: 'outlined', size: 'large', fullWidth: true })).toBe(
      'plain-button plain-button--outlined plain-button--large plain-button--full',
    );
  });

  it('an icon button is a button, a link to a page of the app, or a link to another site', () => {
    const clicked = vi.fn();
    render(
      <MemoryRouter>
        <PlainIconButton aria-label="Open navigation" aria-expanded={false} onClick={clicked}>
          <svg />
        </PlainIconButton>
        <PlainIconButton to="/admin/access-requests" aria-label="2 open access requests">
          <svg />
        </PlainIconButton>
        <PlainIconButton
          href="https://help.example.test"
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Help desk"
          className="frame-wide-only"
        >
          <svg />
        </PlainIconButton>
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'Open navigation' }) as HTMLButtonElement;
    expect(toggle.type).toBe('button');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: '2 open access requests' }).getAttribute('href')).toBe(
      '/admin/access-requests',
    );
    const help = screen.getByRole('link', { name: 'Help desk' });
    expect(help.getAttribute('href')).toBe('https://help.example.test');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.className).toBe('plain-icon-button frame-wide-only');
  });

  it('a badge shows its count, 99+ above 99, and nothing at 0', () => {
    const badge = (count: number) => {
      cleanup();
      render(
        <PlainBadge count={count} data-testid="badge">
          <svg />
        </PlainBadge>,
      );
      const shown = screen.getByTestId('badge').lastElementChild!;
      return {
        text: shown.textContent,
        hidden: shown.classList.contains('plain-badge--invisible'),
      };
    };
    expect(badge(4)).toEqual({ text: '4', hidden: false });
    expect(badge(99)).toEqual({ text: '99', hidden: false });
    expect(badge(100)).toEqual({ text: '99+', hidden: false });
    expect(badge(0)).toEqual({ text: '', hidden: true });
  });
});
