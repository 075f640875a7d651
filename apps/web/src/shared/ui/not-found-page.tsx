import { PlainButtonLink } from './plain/plain';

/** "Route Not Found": a page of its own at /not-found, or the content of the shell's main area. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const Page = inShell ? 'section' : 'main';
  return (
    <Page className="plain-page plain-message">
      <h1 className="plain-heading">Route Not Found</h1>
      <p className="plain-text-secondary">An error has occurred</p>
      <PlainButtonLink to="/">Return to Home Page</PlainButtonLink>
    </Page>
  );
}
