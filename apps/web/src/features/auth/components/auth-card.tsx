import type { ReactNode } from 'react';
import { PlainProgress } from '../../../shared/ui/plain/plain';

// MUI's LocalShippingOutlined (Material Icons, Apache-2.0), the portal's mark.
const TRUCK =
  'M20 8h-3V4H3c-1.1 0-2 .9-2 2v11h2c0 1.66 1.34 3 3 3s3-1.34 3-3h6c0 1.66 1.34 3 3 3s3-1.34 3-3h2v-5zm-.5 1.5 1.96 2.5H17V9.5zM6 18c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m2.22-3c-.55-.61-1.33-1-2.22-1s-1.67.39-2.22 1H3V6h12v9zM18 18c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1';

/**
 * The frame of every sign-in screen: the portal's name, a heading, the form. Phone first: the whole
 * screen on a phone, a card from 800 px up. Drawn without MUI (decision 269).
 */
export function AuthCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <main className="plain-page plain-auth">
      <div className="plain-auth-card">
        <p className="portal-name">
          <svg viewBox="0 0 24 24" aria-hidden focusable="false">
            <path d={TRUCK} />
          </svg>
          Carrier Portal
        </p>
        <h1 className="plain-heading">{heading}</h1>
        {children}
      </div>
    </main>
  );
}

/** While the browser is on its way somewhere else. */
export function AuthProgress({ label }: { label: string }) {
  return (
    <AuthCard heading={label}>
      <PlainProgress label={label} />
    </AuthCard>
  );
}
