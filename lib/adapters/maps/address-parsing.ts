/** Parsing of free-text Australian addresses ("12 Degraves Street, Melbourne VIC 3000"). */

export const STATE_CODES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type StateCode = (typeof STATE_CODES)[number];

const STATE_NAMES: Record<string, StateCode> = {
  "AUSTRALIAN CAPITAL TERRITORY": "ACT",
  "NEW SOUTH WALES": "NSW",
  "NORTHERN TERRITORY": "NT",
  QUEENSLAND: "QLD",
  "SOUTH AUSTRALIA": "SA",
  TASMANIA: "TAS",
  VICTORIA: "VIC",
  "WESTERN AUSTRALIA": "WA",
  ACT: "ACT",
  NSW: "NSW",
  NT: "NT",
  QLD: "QLD",
  SA: "SA",
  TAS: "TAS",
  VIC: "VIC",
  WA: "WA",
};

// Longest names first, so "SOUTH AUSTRALIA" wins over "SA" and "WESTERN AUSTRALIA" over "WA".
const STATE_PATTERN = new RegExp(
  `(?:^|\\s)(${Object.keys(STATE_NAMES)
    .sort((a, b) => b.length - a.length)
    .join("|")})$`,
);

/**
 * Upper-case, punctuation-free text for comparing place names: "St. Kilda" and "ST KILDA" match,
 * as do "Mt Waverley" and "Mount Waverley". Commas are kept (they separate address parts).
 */
export function normalisePlaceText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/&/g, " AND ")
    .replace(/['’.]/g, "")
    .replace(/[^A-Z0-9,]+/g, " ")
    .replace(/\b(SAINT)\b/g, "ST")
    .replace(/\bMT\b/g, "MOUNT")
    .replace(/\s*,\s*/g, ",")
    .replace(/\s+/g, " ")
    .replace(/^[\s,]+|[\s,]+$/g, "");
}

export interface ParsedAddress {
  /** Everything before the locality, as typed (trimmed), e.g. "12 Degraves Street". */
  street: string;
  /**
   * The normalised text that ends with the locality name, e.g. "MELBOURNE" or, with no commas to
   * tell where the street ends, "12 DEGRAVES STREET MELBOURNE". Empty when nothing is left.
   */
  localityText: string;
  /** True when commas delimit `localityText`, so all of it is the locality. */
  localityDelimited: boolean;
  state: StateCode | null;
  postcode: string | null;
}

/**
 * Splits an Australian address into street, locality text, state and postcode. The locality text
 * is resolved against a gazetteer later (see `localityCandidates`).
 */
export function parseAustralianAddress(address: string): ParsedAddress {
  const original = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const parts = original.map(normalisePlaceText).filter(Boolean);
  // Trailing country.
  while (parts.length > 0 && /^(AUSTRALIA|AU)$/.test(parts[parts.length - 1] ?? "")) parts.pop();
  if (parts.length > 0) parts[parts.length - 1] = (parts[parts.length - 1] ?? "").replace(/\s+AUSTRALIA$/, "");

  let postcode: string | null = null;
  let state: StateCode | null = null;
  // Postcode and state sit at the end, in either order, in their own parts or after the locality.
  for (let round = 0; round < 2 && parts.length > 0; round++) {
    const last = parts[parts.length - 1] ?? "";
    const postcodeMatch: RegExpExecArray | null = postcode ? null : /(?:^|\s)(\d{4})$/.exec(last);
    if (postcodeMatch) {
      postcode = postcodeMatch[1] ?? null;
      parts[parts.length - 1] = last.slice(0, postcodeMatch.index).trim();
    } else {
      const stateMatch: RegExpExecArray | null = state ? null : STATE_PATTERN.exec(last);
      if (stateMatch) {
        state = STATE_NAMES[stateMatch[1] ?? ""] ?? null;
        parts[parts.length - 1] = last.slice(0, stateMatch.index).trim();
      }
    }
    if (!parts[parts.length - 1]) parts.pop();
  }

  const localityText = parts.length > 0 ? (parts[parts.length - 1] ?? "") : "";
  const localityDelimited = parts.length > 1;
  // The street as typed: the original parts before the locality part (or, without commas, the whole
  // first part; the gazetteer trims the locality words off it once it knows them).
  const streetParts = original.slice(0, Math.max(parts.length - 1, 0));
  return {
    street: streetParts.join(", "),
    localityText,
    localityDelimited,
    state,
    postcode,
  };
}

/**
 * The locality names `localityText` may end with, longest first: for "12 DEGRAVES STREET MELBOURNE"
 * that is "DEGRAVES STREET MELBOURNE", "STREET MELBOURNE", "MELBOURNE" (at most `maxWords` words; a
 * leading street number is never part of a locality). When the text is comma-delimited, only
 * the whole text and its suffixes are tried as well.
 */
export function localityCandidates(localityText: string, maxWords = 4): string[] {
  const words = localityText.split(" ").filter(Boolean);
  const candidates: string[] = [];
  for (let start = Math.max(0, words.length - maxWords); start < words.length; start++) {
    const candidate = words.slice(start).join(" ");
    if (/^\d/.test(candidate)) continue;
    candidates.push(candidate);
  }
  return candidates;
}

const LOWER_WORDS = new Set(["OF", "THE", "AND", "ON", "UPON"]);

/** "ST KILDA WEST" → "St Kilda West", "MCKINNON" → "McKinnon", "O'CONNOR" → "O'Connor". */
export function titleCasePlace(name: string): string {
  return name
    .toLowerCase()
    .split(" ")
    .map((word, index) => {
      if (index > 0 && LOWER_WORDS.has(word.toUpperCase())) return word;
      return word
        .split("-")
        .map((piece) =>
          piece
            .replace(/^(mc)(\p{L})/u, (_, mc: string, letter: string) => `Mc${letter.toUpperCase()}`)
            .replace(/^(o')(\p{L})/u, (_, o: string, letter: string) => `O'${letter.toUpperCase()}`)
            .replace(/^\p{L}/u, (letter) => letter.toUpperCase()),
        )
        .join("-");
    })
    .join(" ");
}
