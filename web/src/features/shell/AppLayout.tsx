import { Outlet } from 'react-router-dom';
import { useAuth } from '../../shared/hooks';
import { NavBar } from './NavBar';
import { useUnreadCount } from './unread';

/** Signed-in pages: the navigation bar above the page (on phones its sections are a tab bar at the bottom). */
export default function AppLayout() {
  const { user } = useAuth();
  const unread = useUnreadCount();
  const tabs = !!user && user.user_type !== 'operator';
  return (
    <>
      <NavBar unread={unread} />
      <main id="main" className={tabs ? 'app-main has-tabbar' : 'app-main'}>
        <Outlet />
      </main>
    </>
  );
}
