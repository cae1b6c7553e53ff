import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAuth } from '../../shared/hooks';
import { paymentSetupPath } from '../../shared/constants';
import type { AccountType } from '../../shared/contracts';
import { dashboardPathFor, LanguageToggle, signOut } from '../auth';
import { NavIcon } from './navIcons';
import { UnreadBadge } from './unread';
import { Bell } from '../inbox';

/** The operator console's sections (issue 17). */
export const OPS_NAV = [
  { to: '/ops/disputes', key: 'nav.ops.disputes' },
  { to: '/ops/card-disputes', key: 'nav.ops.cardDisputes' }, // issue 38
  { to: '/ops/appeals', key: 'nav.ops.appeals' }, // issue 39
  { to: '/ops/credentials', key: 'nav.ops.credentials' }, // issue 39
  { to: '/ops/users', key: 'nav.ops.users' },
  { to: '/ops/dead-letters', key: 'nav.ops.deadLetters' },
  { to: '/ops/anomalies', key: 'nav.ops.anomalies' },
  { to: '/ops/audit', key: 'nav.ops.audit' },
];
/** The console's sections for admins only (issue 33). */
export const OPS_ADMIN_NAV = [{ to: '/ops/operators', key: 'nav.ops.operators' }];

/**
 * The links of the navigation bar by user type (the spec's nav: worker and restaurant; the console's). Each side's
 * money page is a section of its own (issue 32: Earnings was only in the account menu): five tabs on a phone.
 */
export function navLinksFor(userType: AccountType, admin = false): { to: string; key: string }[] {
  if (userType === 'operator') return admin ? [...OPS_NAV, ...OPS_ADMIN_NAV] : OPS_NAV;
  return userType === 'restaurant'
    ? [
        { to: '/dashboard/restaurant', key: 'nav.dashboard' },
        { to: '/workers', key: 'nav.workers' },
        { to: '/my-shifts', key: 'nav.myShifts' },
        { to: '/messages', key: 'nav.messages' },
        { to: '/receipts', key: 'nav.receipts' },
      ]
    : [
        { to: '/dashboard/worker', key: 'nav.home' },
        { to: '/openings', key: 'nav.availableWork' },
        { to: '/my-shifts', key: 'nav.myWork' },
        { to: '/messages', key: 'nav.messages' },
        { to: '/earnings', key: 'nav.earnings' },
      ];
}

export function NavBar({ unread = 0 }: { unread?: number }) {
  const { t } = useTranslation();
  const { user, profile } = useAuth();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  // a new page closes the menu (state that follows the route, set while rendering)
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const onDown = (e: MouseEvent) => {
      if (menuRef.current && !menuRef.current.contains(e.target as Node)) setMenuOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  if (!user) return null;
  const tabs = user.user_type !== 'operator';
  const onSignOut = async () => {
    await dispatch(signOut());
    navigate('/');
  };

  return (
    <header className="navbar">
      <div className="navbar-inner">
        <Link
          to={
            user.user_type === 'restaurant'
              ? '/dashboard/restaurant'
              : user.user_type === 'operator'
                ? dashboardPathFor('operator')
                : '/dashboard/worker'
          }
          className="brand"
        >
          {t('brand')}
        </Link>
        {/* one nav for every width: on phones (<= 640 px) members see it as a tab bar at the bottom, with icons */}
        <nav aria-label={t('nav.label')} className={tabs ? 'nav-links nav-tabs' : 'nav-links'}>
          {navLinksFor(user.user_type, user.admin === true).map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}
            >
              {tabs && <NavIcon navKey={l.key} />}
              <span className="nav-label">{t(l.key)}</span>
              {l.key === 'nav.messages' && <UnreadBadge count={unread} className="nav-badge" />}
            </NavLink>
          ))}
        </nav>
        <div className="nav-tools">
          <Bell />
          <LanguageToggle />
          <div className="user-menu" ref={menuRef}>
            <button
              type="button"
              className="btn btn-ghost"
              aria-haspopup="true"
              aria-expanded={menuOpen}
              aria-controls="user-menu-list"
              onClick={() => setMenuOpen((o) => !o)}
            >
              <span className="avatar" aria-hidden="true">
                {(profile?.name ?? user.email).slice(0, 1).toUpperCase()}
              </span>
              <span className="user-menu-label">{t('nav.account')}</span>
            </button>
            {menuOpen && (
              <ul id="user-menu-list" className="menu">
                {user.user_type !== 'operator' && (
                  <>
                    <li>
                      <Link to="/profile/me">{t('nav.profile')}</Link>
                    </li>
                    {user.user_type === 'chef' && (
                      <li>
                        <Link to="/credentials">{t('nav.credentials')}</Link>
                      </li>
                    )}
                    <li>
                      <Link to="/record">{t('nav.myRecord')}</Link>
                    </li>
                    <li>
                      <Link to={paymentSetupPath}>{t('nav.paymentSetup')}</Link>
                    </li>
                    <li>
                      <Link to="/settings">{t('nav.settings')}</Link>
                    </li>
                  </>
                )}
                {user.user_type === 'operator' && (
                  <li>
                    <Link to="/ops/two-step">{t('nav.twoStep')}</Link>
                  </li>
                )}
                <li>
                  <button type="button" className="link-btn" onClick={() => void onSignOut()}>
                    {t('nav.signOut')}
                  </button>
                </li>
              </ul>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
