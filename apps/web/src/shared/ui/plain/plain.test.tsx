import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PlainAlert,
  PlainButton,
  PlainButtonLink,
  plainButtonClass,
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
});
