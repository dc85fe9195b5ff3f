import type { PhotoAnalysis, PhotoRoom } from "~/db/schema";

/**
 * Which of a listing's photos to show first, and what is wrong with any of them, from the scores
 * taken at upload (`PhotoAnalysis`). Pure and deterministic: the page shows exactly what
 * "Use suggested order" will apply.
 */

/** Where each flag starts; calibrated on the demo photos (sharpness 250–1,000; blurred copies 9–31). */
export const PHOTO_LIMITS = {
  /** Narrower than this the photo looks soft on a large screen. */
  minWidth: 800,
  minHeight: 500,
  /** Variance of the Laplacian at 512 px below which a photo looks blurred. */
  blurred: 60,
  /** Mean luminance (0–255) below which a photo is very dark. */
  dark: 50,
  /** Differing bits of 64 at or below which two photos are the same shot. */
  duplicateBits: 8,
} as const;

export type PhotoFlag = "too-small" | "blurred" | "dark" | "duplicate";

/** Rooms in the order renters look for them: the room itself first, then the living spaces. */
const ROOM_RANK: Record<PhotoRoom, number> = {
  bedroom: 0,
  living: 1,
  kitchen: 2,
  bathroom: 3,
  exterior: 4,
  other: 5,
};

export interface PhotoToReview {
  url: string;
  /** Null for a photo added by link or uploaded before scoring: it is kept where it is. */
  analysis: PhotoAnalysis | null;
}

/** Why a photo has its suggested place, for the page to word. */
export type PhotoReason =
  | { kind: "room"; room: PhotoRoom }
  | { kind: "good" }
  | { kind: "problem"; flags: PhotoFlag[] }
  | { kind: "unchecked" };

export interface ReviewedPhoto {
  url: string;
  /** Its place now, from 1. */
  position: number;
  flags: PhotoFlag[];
  /** The position of the better shot this one repeats. */
  duplicateOf?: number;
  reason: PhotoReason;
  room?: PhotoRoom;
}

export interface PhotoSuggestion {
  /** Every photo, in the suggested order; the first is the suggested cover. */
  photos: ReviewedPhoto[];
  /** Whether the suggestion differs from the current order. */
  changed: boolean;
}

/** How many bits two 16-digit hex hashes differ in. */
export function hammingDistance(a: string, b: string): number {
  let bits = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (bits > 0n) {
    count += Number(bits & 1n);
    bits >>= 1n;
  }
  return count;
}

function ownFlags(analysis: PhotoAnalysis): PhotoFlag[] {
  const flags: PhotoFlag[] = [];
  if (analysis.width < PHOTO_LIMITS.minWidth || analysis.height < PHOTO_LIMITS.minHeight) flags.push("too-small");
  if (analysis.sharpness < PHOTO_LIMITS.blurred) flags.push("blurred");
  if (analysis.brightness < PHOTO_LIMITS.dark) flags.push("dark");
  return flags;
}

/**
 * Flags each photo and orders them: photos without a problem first (bedroom, living, kitchen,
 * bathroom, outside, then anything else; unknown rooms keep their place), then those with one.
 * Of near-identical shots the best stays (no problem of its own, larger, sharper) and the others
 * are its duplicates.
 */
export function suggestPhotoOrder(photos: PhotoToReview[]): PhotoSuggestion {
  const reviewed: ReviewedPhoto[] = photos.map(({ url, analysis }, index) => ({
    url,
    position: index + 1,
    flags: analysis ? ownFlags(analysis) : [],
    reason: { kind: analysis ? "good" : "unchecked" },
    ...(analysis?.room ? { room: analysis.room } : {}),
  }));
  // The best of near-identical shots stays: no problem of its own, then more pixels, then sharper.
  const bestFirst = photos
    .map((photo, index) => ({ analysis: photo.analysis, index }))
    .filter((entry): entry is { analysis: PhotoAnalysis; index: number } => entry.analysis !== null)
    .sort(
      (a, b) =>
        reviewed[a.index]!.flags.length - reviewed[b.index]!.flags.length ||
        b.analysis.width * b.analysis.height - a.analysis.width * a.analysis.height ||
        b.analysis.sharpness - a.analysis.sharpness ||
        a.index - b.index,
    );
  const kept: { analysis: PhotoAnalysis; index: number }[] = [];
  for (const entry of bestFirst) {
    const original = kept.find(
      (other) => hammingDistance(other.analysis.hash, entry.analysis.hash) <= PHOTO_LIMITS.duplicateBits,
    );
    if (!original) {
      kept.push(entry);
      continue;
    }
    const photo = reviewed[entry.index]!;
    photo.flags.push("duplicate");
    photo.duplicateOf = original.index + 1;
  }
  for (const photo of reviewed) {
    if (photo.flags.length > 0) photo.reason = { kind: "problem", flags: photo.flags };
    else if (photo.room) photo.reason = { kind: "room", room: photo.room };
  }
  const rank = (photo: ReviewedPhoto) => [
    photo.flags.length > 0 ? 1 : 0,
    photo.room && photo.flags.length === 0 ? ROOM_RANK[photo.room] : ROOM_RANK.other,
  ];
  const ordered = [...reviewed].sort((a, b) => {
    const [problemA, roomA] = rank(a);
    const [problemB, roomB] = rank(b);
    return problemA! - problemB! || roomA! - roomB! || a.position - b.position;
  });
  return { photos: ordered, changed: ordered.some((photo, index) => photo.position !== index + 1) };
}
