import Alert from '@mui/material/Alert';
import { NOTE_MESSAGES } from '@portal/domain';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** A notes panel that crashes says so in its own place; the rest of the screen carries on. */
export class NotesErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Reported like every crash: the browser console is where monitoring picks it up.
    console.warn('Notes panel failed', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <Alert severity="error">{NOTE_MESSAGES.panelCrashed}</Alert>;
    return this.props.children;
  }
}
