import { Navigate } from 'react-router';
import { useMe } from '../features/auth/use-me';
import { Loading } from '../ui/loading';
import { Page } from '../ui/page';
import { navigationFor } from './navigation';

/** `/` opens the first page the person's roles allow. */
export function HomeRedirect() {
  const me = useMe();
  if (!me.data)
    return (
      <Page title="Feedback Analysis">
        <Loading what="your account" />
      </Page>
    );
  const first = navigationFor(me.data.roles)[0];
  if (first) return <Navigate to={first.to} replace />;
  return (
    <Page title="Welcome">
      <p>Your account has no role with a page in the dashboard yet.</p>
    </Page>
  );
}
