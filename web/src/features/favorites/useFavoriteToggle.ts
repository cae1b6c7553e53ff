import { favoritesApi } from './favoritesApi';

/**
 * Whether the restaurant has a chef on its roster, and the toggle that adds or removes them; null while the
 * answer is loading or failed (the toggles then show nothing).
 */
export function useFavoriteToggle(chefProfileId: string) {
  const status = favoritesApi.useFavoriteStatusQuery(chefProfileId);
  const [add, adding] = favoritesApi.useAddFavoriteMutation();
  const [remove, removing] = favoritesApi.useRemoveFavoriteMutation();
  if (status.isError || status.isLoading) return null;
  const on = !!status.data?.isFavorite;
  return {
    on,
    busy: adding.isLoading || removing.isLoading,
    toggle: () => void (on ? remove(chefProfileId) : add(chefProfileId)),
  };
}
