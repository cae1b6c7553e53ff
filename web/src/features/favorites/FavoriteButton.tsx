import { useTranslation } from 'react-i18next';
import { favoritesApi } from './favoritesApi';

/**
 * A toggle that adds a chef to (or removes from) the restaurant's roster; restaurants only (callers check the
 * role). Its name stays "Favorite <chef>", its state is aria-pressed.
 */
export function FavoriteButton({ chefProfileId, name }: { chefProfileId: string; name: string }) {
  const { t } = useTranslation('jobs');
  const status = favoritesApi.useFavoriteStatusQuery(chefProfileId);
  const [add, adding] = favoritesApi.useAddFavoriteMutation();
  const [remove, removing] = favoritesApi.useRemoveFavoriteMutation();
  if (status.isError || status.isLoading) return null;
  const on = !!status.data?.isFavorite;
  return (
    <button
      type="button"
      className={on ? 'btn btn-small btn-secondary fav-on' : 'btn btn-small btn-ghost fav-btn'}
      aria-pressed={on}
      title={on ? t('favorite.onHint') : t('favorite.offHint')}
      disabled={adding.isLoading || removing.isLoading}
      onClick={() => void (on ? remove(chefProfileId) : add(chefProfileId))}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span> {t('favorite.label')}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
