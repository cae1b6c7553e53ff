import { useTranslation } from 'react-i18next';
import { useFavoriteToggle } from './useFavoriteToggle';

/**
 * A toggle that adds a chef to (or removes from) the restaurant's roster; restaurants only (callers check the
 * role). Its name stays "Favorite <chef>", its state is aria-pressed.
 */
export function FavoriteButton({ chefProfileId, name }: { chefProfileId: string; name: string }) {
  const { t } = useTranslation('jobs');
  const favorite = useFavoriteToggle(chefProfileId);
  if (!favorite) return null;
  const { on, busy, toggle } = favorite;
  return (
    <button
      type="button"
      className={on ? 'btn btn-small btn-secondary fav-on' : 'btn btn-small btn-ghost fav-btn'}
      aria-pressed={on}
      title={on ? t('favorite.onHint') : t('favorite.offHint')}
      disabled={busy}
      onClick={toggle}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span> {t('favorite.label')}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
