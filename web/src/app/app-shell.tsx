import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorMessage } from '../ui/error-message';
import { Loading } from '../ui/loading';
import { session, useSession } from '../features/auth/session';
import { useMe } from '../features/auth/use-me';
import { navigationFor } from './navigation';

const ROLE_NAMES: Record<string, string> = {
  SUPER_ADMIN: 'Super admin',
  ADMIN: 'Administrator',
  DEAN: 'Dean',
  CHAIRPERSON: 'Chairperson',
  CAMPUS_HEAD: 'Campus head',
  FACULTY: 'Faculty',
  STUDENT: 'Student',
};

/** The frame of every signed-in page: the header with the menu for the person's roles, and the main landmark. */
export function AppShell() {
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const [menuOpen, setMenuOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(location.pathname);

  useEffect(() => {
    if (status === 'restoring') void session.restore();
  }, [status]);

  // Escape closes the open menu (a disclosure's usual key) and gives focus back to its button.
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [menuOpen]);

  // After a navigation, move focus to the new page's heading so a screen reader announces it.
  useEffect(() => {
    setMenuOpen(false);
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    const heading = mainRef.current?.querySelector('h1');
    if (heading instanceof HTMLElement) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: false });
    }
  }, [location.pathname]);

  if (status === 'signed-out')
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;

  const items = me.data ? navigationFor(me.data.roles) : [];

  async function signOut() {
    await session.signOut();
    navigate('/login', { replace: true });
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <div className="shell__bar">
          <NavLink to="/" className="brand">
            Feedback Analysis
          </NavLink>
          {items.length > 0 && (
            <button
              ref={menuButton}
              type="button"
              className="button menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="primary-navigation"
              onClick={() => setMenuOpen((open) => !open)}
            >
              Menu
            </button>
          )}
          <nav
            id="primary-navigation"
            aria-label="Main"
            className={menuOpen ? 'primary-nav primary-nav--open' : 'primary-nav'}
          >
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>{item.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {me.data && (
            <div className="account">
              <span className="account__name">
                {me.data.fullName}
                <span className="account__roles">
                  {me.data.roles.map((role) => ROLE_NAMES[role] ?? role).join(', ')}
                </span>
              </span>
              <button type="button" className="button" onClick={() => void signOut()}>
                Sign out
              </button>
            </div>
          )}
        </div>
      </header>
      <main id="main" ref={mainRef} className="shell__main">
        {me.isError ? <ErrorMessage error={me.error} /> : null}
        {/* The page starts at once, in parallel with the account: its requests wait for the restored token. */}
        <Suspense
          fallback={
            <>
              <h1>Feedback Analysis</h1>
              <Loading what="the page" />
            </>
          }
        >
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
