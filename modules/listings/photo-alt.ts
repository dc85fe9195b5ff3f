import type { ListingPhoto } from "~/db/schema";
import type { RoomType } from "~/db/listing-facts";
import { stripEmoji } from "~/modules/listings/listing-text";

/** Alt text a landlord may write for one photo; longer is refused (the listing form and the photos page). */
export const MAX_PHOTO_ALT_CHARS = 300;

/** How the cover photo's room is named when nothing better is known. */
const COVER_ROOM: Record<RoomType, string> = {
  private_room: "Private bedroom",
  ensuite: "Ensuite bedroom",
  studio: "Studio",
  whole_apartment: "Apartment",
};

/**
 * A description of the photo from the listing's own facts, for photos without alt text of their
 * own (written by the landlord or the vision model): "Ensuite bedroom, photo 1 of 6, Sunny room
 * off Degraves Street". Without `total` (a card, which reads only the cover) the count is left out.
 */
export function generatedAlt(listing: { title: string; roomType: RoomType }, index: number, total?: number): string {
  const title = stripEmoji(listing.title) || "this listing";
  const place = total === undefined ? `photo ${index + 1}` : `photo ${index + 1} of ${total}`;
  return index === 0 ? `${COVER_ROOM[listing.roomType]}, ${place}, ${title}` : `${capitalise(place)}, ${title}`;
}

/** Every photo with alt text: its own, else the generated one. */
export function withAltText(
  photos: ListingPhoto[],
  listing: { title: string; roomType: RoomType },
  total: number | undefined = photos.length,
): ListingPhoto[] {
  return photos.map((photo, index) =>
    photo.alt?.trim() ? photo : { ...photo, alt: generatedAlt(listing, index, total) },
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
