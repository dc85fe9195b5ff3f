/** A description's first line is the features summary; the remaining lines are the details. */
export function splitDescription(description: string): { features: string; details: string } {
  const lines = description.replace(/\r\n?/g, "\n").split("\n");
  const firstContent = lines.findIndex((line) => line.trim() !== "");
  if (firstContent === -1) return { features: "", details: "" };
  return {
    features: (lines[firstContent] ?? "").trim(),
    details: lines
      .slice(firstContent + 1)
      .join("\n")
      .trim(),
  };
}

/** Longer than six clamped lines of a card at its widest, so the clamp, not the cut, ends what shows. */
export const CARD_DETAILS_MAX_CHARS = 400;

/**
 * The start of the details for a card: at most `max` characters, cut at a space and ended with "…".
 * A card clamps its details to six lines, so the rest of a long description (up to 10,000
 * characters) would only weigh on every search page and its data.
 */
export function cardExcerpt(details: string, max = CARD_DETAILS_MAX_CHARS): string {
  if (details.length <= max) return details;
  const cut = details.slice(0, max);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D}|\u{20E3}/gu;

/** The title without emoji (the detail page's hero shows it plain), spaces tidied. */
export function stripEmoji(title: string): string {
  return title
    .replace(EMOJI, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

const rentFormat = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

const countFormat = new Intl.NumberFormat("en-AU");

/** A search's total as shown: '178,479', or '1,000+' when the count stopped at its cap. */
export function formatRoomTotal(total: number, exact: boolean): string {
  const text = countFormat.format(total);
  return exact ? text : `${text}+`;
}

/** '$420/week', '$385.50/week'. */
export function formatWeeklyRent(rent: number): string {
  const text = rentFormat.format(rent);
  return `${/\.\d$/.test(text) ? `${text}0` : text}/week`;
}
