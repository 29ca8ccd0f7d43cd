// Left navigation: buttons, the current section marked with aria-current.
import { useTranslation } from 'react-i18next';
import { useApp } from '../AppContext';
import { useFormat } from '../hooks/useFormat';
import type { ScreenName } from '../navigation';
import { useChannel } from '../query/useChannel';

const ITEMS = [
  { screen: 'inventory', icon: 'M3 5h18v2H3V5Zm0 6h18v2H3v-2Zm0 6h18v2H3v-2Z' },
  { screen: 'plan', icon: 'M4 20V10h3v10H4Zm6.5 0V4h3v16h-3ZM17 20v-7h3v7h-3Z' },
  { screen: 'attention', icon: 'M12 2 1 21h22L12 2Zm1 16h-2v-2h2v2Zm0-4h-2V9h2v5Z' },
  { screen: 'insights', icon: 'M4 20V4h2v14h14v2H4Zm4-4v-5h3v5H8Zm5 0V7h3v9h-3Zm5 0v-3h2v3h-2Z' },
  {
    screen: 'sold',
    icon: 'M21.4 11.6 12.4 2.6A2 2 0 0 0 11 2H4a2 2 0 0 0-2 2v7c0 .6.2 1.1.6 1.4l9 9a2 2 0 0 0 2.8 0l7-7a2 2 0 0 0 0-2.8ZM6.5 8a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z',
  },
  { screen: 'history', icon: 'M13 3a9 9 0 1 1-8.5 12h2.1A7 7 0 1 0 6 9.3L8.7 12H2V5.3l2.6 2.6A9 9 0 0 1 13 3Zm-1 5h2v4.6l3.2 1.9-1 1.7-4.2-2.5V8Z' },
  {
    screen: 'settings',
    icon: 'M19.4 13a7.7 7.7 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3.3h-4l-.4 2.6a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.5 11a7.7 7.7 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1c.5.4 1.1.7 1.7 1l.4 2.6h4l.4-2.6c.6-.3 1.2-.6 1.7-1l2.5 1 2-3.5L19.4 13ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z',
  },
] as const satisfies readonly { screen: Exclude<ScreenName, 'vehicle'>; icon: string }[];

export function NavBar() {
  const { t } = useTranslation();
  const { view, navigate } = useApp();
  const f = useFormat();
  const current = view.screen === 'vehicle' ? 'inventory' : view.screen;
  // The same read as the inventory's header: re-read whenever the listings change.
  const { data: summary } = useChannel('inventory.summary', {});
  const attention = summary?.needsAttention ?? 0;
  return (
    <nav className="nav" aria-label={t('nav.label')}>
      <div className="nav__brand" aria-hidden="true">
        Showroom
      </div>
      <ul>
        {ITEMS.map((item) => (
          <li key={item.screen}>
            <button
              type="button"
              className="nav__item"
              aria-current={current === item.screen ? 'page' : undefined}
              onClick={() => navigate({ screen: item.screen })}
              title={t(`nav.${item.screen}`)}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path fill="currentColor" d={item.icon} />
              </svg>
              <span className="nav__label">{t(`nav.${item.screen}`)}</span>
              {item.screen === 'attention' && attention > 0 && (
                <span className="nav__count" data-testid="attention-nav-count">
                  {f.number(attention)}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
