import { GENERAL_MESSAGES } from '@portal/domain';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { logClientError } from '../shared/notifications';
import { plainButtonClass } from '../shared/ui/plain/plain';
import { isFailedPageLoad, reloadOnceForFailedPageLoad } from './page-load-recovery';

/** A render crash: the spec's words, the crash logged on the server, and the way home. */
export function CrashPage() {
  const error = useRouteError();
  // A page's code that failed to load (a new release replaced it) is fetched again by one reload.
  const reloading = isFailedPageLoad(error) && reloadOnceForFailedPageLoad();
  useEffect(() => {
    if (reloading) return;
    console.error(error);
    logClientError({
      kind: isFailedPageLoad(error) ? 'chunk-load' : 'crash',
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    });
  }, [error, reloading]);
  if (reloading) return null;
  return <CrashScreen />;
}

export function CrashScreen() {
  return (
    <main className="plain-page plain-message plain-message--narrow">
      <h1 className="plain-heading">{GENERAL_MESSAGES.crashTitle}</h1>
      <p className="plain-text-secondary">{GENERAL_MESSAGES.crashReported}</p>
      <a href="/" className={plainButtonClass({})}>
        {GENERAL_MESSAGES.returnToHomePage}
      </a>
    </main>
  );
}
