import { Link } from 'react-router';
import { Page } from '../ui/page';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>
        There is no page at this address. <Link to="/">Go to your home page</Link>.
      </p>
    </Page>
  );
}
