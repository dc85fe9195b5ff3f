/** Favourite wording and form fields shared by the server and the heart button. */
export const FAVOURITE_INTENTS = ["add", "remove"] as const;
export type FavouriteIntent = (typeof FAVOURITE_INTENTS)[number];

/** What POST /favourites answers: the new state, or why nothing changed. */
export type FavouriteResult = { favourited: boolean } | { error: string };

export const FAVOURITE_TOAST_MS = 2000;
export const ADDED_TITLE = "Added to favourites";
export const REMOVED_TITLE = "Removed from favourites";
export const FAILED_TITLE = "Error";
export const FAILED_DESCRIPTION = "Failed to update favourites";
export const SIGN_IN_TITLE = "Please sign in";
export const SIGN_IN_DESCRIPTION = "You need to be signed in to favourite listings";
export const LISTING_NOT_FOUND = "Listing not found";
export const INVALID_REQUEST = "Invalid favourite request";
