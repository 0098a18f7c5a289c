import { useRouteError } from 'react-router';
import { Page } from '../ui/page';

/**
 * What a page that failed to load or render shows, inside the shell (header, menu and sign-out stay): most often
 * its code could not be downloaded (the network dropped, or the service was updated while the tab was open, so the
 * page's file of the old version is gone), which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Page title="This page could not be loaded">
      <p role="alert">
        The page could not be loaded. The connection may have dropped, or the dashboard was updated since this tab was
        opened.
      </p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </p>
      {detail !== undefined && <p className="lead">{detail}</p>}
    </Page>
  );
}
