import { Outlet } from 'react-router-dom';
import { NavBar } from './NavBar';

/** Signed-in pages: the navigation bar above the page. */
export default function AppLayout() {
  return (
    <>
      <NavBar />
      <main id="main" className="app-main">
        <Outlet />
      </main>
    </>
  );
}
