// The favorites feature's face: what other features use of it (they import nothing else of it).
export { FavoriteButton } from './FavoriteButton';
export { type RosterSort, favoritesApi } from './favoritesApi';
export { useFavoriteToggle } from './useFavoriteToggle';
