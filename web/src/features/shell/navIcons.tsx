const ICONS: Record<string, string> = {
  // outline icons, 24 x 24
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5h3v5h5V9.5',
  search: 'M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13ZM15.5 15.5 20 20',
  people:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM2.5 20c.5-3.5 3.2-5.5 6.5-5.5s6 2 6.5 5.5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.8c2 .8 3.2 2.6 3.5 5.2',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  chat: 'M4 5h16v11H9l-5 4z',
  money: 'M3 7h18v10H3zM12 9.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM6 10v4M18 10v4',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
};

const ICON_OF: Record<string, string> = {
  'nav.home': 'home',
  'nav.dashboard': 'home',
  'nav.availableWork': 'search',
  'nav.workers': 'people',
  'nav.myWork': 'calendar',
  'nav.myShifts': 'calendar',
  'nav.messages': 'chat',
  'nav.earnings': 'money',
  'nav.receipts': 'receipt',
};

/** A section's icon (shown in the phone's tab bar only), by its nav text key. */
export function NavIcon({ navKey }: { navKey: string }) {
  const name = ICON_OF[navKey] ?? 'home';
  return (
    <svg className="tab-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={ICONS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
