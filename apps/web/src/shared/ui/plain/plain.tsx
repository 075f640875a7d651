import './plain.css';
import {
  useId,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { Link as RouterLink } from 'react-router';

// The parts of the screens a signed-out browser shows, drawn by plain.css instead of MUI
// (decision 269). Each takes the props its MUI counterpart was used with on those screens.

type ButtonVariant = 'contained' | 'outlined' | 'text';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
}

/** The class names of a button of this look (for a link drawn as a button). */
export function plainButtonClass({
  variant = 'contained',
  size = 'medium',
  fullWidth,
}: ButtonLook) {
  return [
    'plain-button',
    `plain-button--${variant}`,
    size === 'medium' ? '' : `plain-button--${size}`,
    fullWidth ? 'plain-button--full' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function PlainButton({
  variant,
  size,
  fullWidth,
  type = 'button',
  ...button
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button {...button} type={type} className={plainButtonClass({ variant, size, fullWidth })} />
  );
}

/** A link to a page of the app, drawn as a button. */
export function PlainButtonLink({
  to,
  children,
  ...look
}: ButtonLook & { to: string; children: ReactNode }) {
  return (
    <RouterLink to={to} className={plainButtonClass(look)}>
      {children}
    </RouterLink>
  );
}

/** A link to a page of the app, underlined in the brand blue; `below` centres it under a form. */
export function PlainLink({
  to,
  below,
  children,
}: {
  to: string;
  below?: boolean;
  children: ReactNode;
}) {
  return (
    <RouterLink to={to} className={below ? 'plain-link plain-link--below' : 'plain-link'}>
      {children}
    </RouterLink>
  );
}

export interface PlainTextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'placeholder' | 'className'
> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  /** The input element (react-hook-form's `register` hands its ref here). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * An outlined text field with its label and helper text (tied to the input by aria-describedby).
 * The input's placeholder is a space, so the stylesheet knows when it holds a value.
 */
export function PlainTextField({
  label,
  helperText,
  error = false,
  fullWidth = false,
  id,
  ref,
  ...input
}: PlainTextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  const className = [
    'plain-field',
    fullWidth ? 'plain-field--full' : '',
    error ? 'plain-field--error' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <div className="plain-field-box">
        <input
          {...input}
          ref={ref}
          id={inputId}
          className="plain-field-input"
          placeholder=" "
          aria-invalid={error}
          aria-describedby={helperId}
        />
        <label htmlFor={inputId} id={`${inputId}-label`} className="plain-field-label">
          {label}
        </label>
        <fieldset aria-hidden className="plain-field-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText ? (
        <p id={helperId} className="plain-field-helper">
          {helperText}
        </p>
      ) : null}
    </div>
  );
}

// MUI's Alert icons (Material Icons, Apache-2.0): SuccessOutlined, ReportProblemOutlined, ErrorOutline.
const ALERT_ICONS = {
  success:
    'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2, 4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0, 0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z',
  warning: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
} as const;

/** A Material icon (24 × 24 path) drawn at the text's size × 1.5, in the text's colour, as MUI's. */
export function PlainIcon({ path }: { path: string }) {
  return (
    <svg className="plain-icon" viewBox="0 0 24 24" aria-hidden focusable="false">
      <path d={path} />
    </svg>
  );
}

/**
 * MUI's IconButton in the colour of the text around it: a round 40 px target with a shade on hover.
 * A button, a link to a page of the app (`to`) or to another site (`href`, `target`, `rel`);
 * `edge="start"` pulls the first one of a bar to the bar's edge. The caller names it (aria-label)
 * and gives the icon.
 */
export function PlainIconButton({
  to,
  href,
  target,
  rel,
  edge,
  className,
  ref,
  ...rest
}: HTMLAttributes<HTMLElement> & {
  to?: string;
  href?: string;
  target?: string;
  rel?: string;
  edge?: 'start';
  ref?: Ref<HTMLElement>;
}) {
  const classes = ['plain-icon-button', edge ? 'plain-icon-button--start' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  if (to !== undefined)
    return <RouterLink {...rest} to={to} ref={ref as Ref<HTMLAnchorElement>} className={classes} />;
  if (href !== undefined)
    return (
      <a
        {...rest}
        href={href}
        target={target}
        rel={rel}
        ref={ref as Ref<HTMLAnchorElement>}
        className={classes}
      />
    );
  return <button {...rest} type="button" ref={ref as Ref<HTMLButtonElement>} className={classes} />;
}

/**
 * MUI's Badge: a red count at the top right corner of its children, "99+" above 99, and nothing
 * while the count is 0.
 */
export function PlainBadge({
  count,
  children,
  'data-testid': testId,
}: {
  count: number;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <span className="plain-badge-root" data-testid={testId}>
      {children}
      <span className={count > 0 ? 'plain-badge' : 'plain-badge plain-badge--invisible'}>
        {count > 99 ? '99+' : count > 0 ? count : ''}
      </span>
    </span>
  );
}

/** A grey placeholder the size of a line of text (or `height`), pulsing while data loads. */
export function PlainSkeleton({ width, height }: { width?: number; height?: number }) {
  return <span className="plain-skeleton" style={{ width, height }} />;
}

/** A message in the severity's colours and icon; `action` sits at its end. */
export function PlainAlert({
  severity,
  action,
  children,
}: {
  severity: keyof typeof ALERT_ICONS;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div role="alert" className={`plain-alert plain-alert--${severity}`}>
      <div className="plain-alert-icon">
        <svg viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={ALERT_ICONS[severity]} />
        </svg>
      </div>
      <div className="plain-alert-message">{children}</div>
      {action ? <div className="plain-alert-action">{action}</div> : null}
    </div>
  );
}

/** A bar that runs while the browser is on its way somewhere else. */
export function PlainProgress({ label }: { label: string }) {
  return <span role="progressbar" aria-label={label} className="plain-progress" />;
}
