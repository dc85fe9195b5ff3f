import type { PhotoRoom } from "~/db/schema";
import { MAX_PHOTO_ALT_CHARS } from "~/modules/listings/photo-alt";
import { PHOTO_LIMITS, type PhotoFlag, type PhotoReason } from "~/modules/media/photo-suggestions";

/** The words of a listing's photos page (/settings/properties/:id/photos). */
export const PHOTO_REVIEW = {
  title: "Photos",
  intro:
    "We check each photo when it is uploaded and suggest a cover and an order. Nothing changes until you choose “Use suggested order”.",
  suggestionHeading: "Suggested order",
  apply: "Use suggested order",
  alreadyInOrder: "Your photos are already in the suggested order.",
  applied: "Your photos are now in the suggested order.",
  stale: "Your photos changed since this page was loaded. Here is the new suggestion.",
  altHeading: "Alt text",
  altIntro:
    "Alt text describes each photo for people who use a screen reader, and for search engines. Leave it empty to use the description shown below the box.",
  altLabel: (position: number) => `Alt text for photo ${position}`,
  altGenerated: (text: string) => `Without your own text: “${text}”`,
  altSave: "Save alt text",
  altSaved: "Alt text saved.",
  altTooLong: `Alt text must be ${MAX_PHOTO_ALT_CHARS} characters or fewer.`,
  noPhotos: "This listing has no photos yet. Add some on the listing form.",
  editListing: "Edit listing",
  backToProperties: "Your Properties",
  cover: "Cover",
  nowAt: (position: number) => `Now photo ${position}`,
  notFound: "The listing you're trying to change doesn't exist or you don't have permission to change it.",
  invalid: "Invalid request.",
} as const;

export const ROOM_NAMES: Record<PhotoRoom, string> = {
  bedroom: "Bedroom",
  living: "Living space",
  kitchen: "Kitchen",
  bathroom: "Bathroom",
  exterior: "Outside",
  other: "Other",
};

/** What is wrong with a photo, and what to do about it. */
export function flagMessage(flag: PhotoFlag, photo: { width?: number; height?: number; duplicateOf?: number }): string {
  switch (flag) {
    case "too-small":
      return `Too small (${photo.width ?? "?"}×${photo.height ?? "?"} px): it will look soft on large screens. Upload one at least ${PHOTO_LIMITS.minWidth} px wide.`;
    case "blurred":
      return "Blurred: the room's details are hard to make out. A steadier, sharper shot will show it better.";
    case "dark":
      return "Very dark: try a photo taken in daylight or with the lights on.";
    case "duplicate":
      return `Looks like a repeat of photo ${photo.duplicateOf ?? "?"}: one of them is enough.`;
  }
}

/** Why a photo has its suggested place. */
export function reasonText(reason: PhotoReason): string {
  switch (reason.kind) {
    case "room":
      return reason.room === "bedroom"
        ? "Bedroom: renters look for the room itself first."
        : `${ROOM_NAMES[reason.room]}: after the bedroom, the living spaces.`;
    case "good":
      return "Sharp, well lit and not a repeat: no problem found.";
    case "problem":
      return "Moved to the end: see the note below.";
    case "unchecked":
      return "Added by link, so not checked: kept in your order.";
  }
}
