// What other features use of tools; they import it from here only (see .dependency-cruiser.cjs).
export { reloadFavourites } from './favourites.store';
