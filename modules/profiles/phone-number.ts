/**
 * Phone numbers (up to 15 digits, Australia by default).
 *
 * Pure functions shared by the server (sign-up and profile actions) and the browser (the phone input
 * in app/components/phone-input.tsx). Numbers are stored as E.164 (+61412345678). Uses the `min`
 * metadata of libphonenumber-js to keep the client bundle small: validity there means "a possible
 * length and leading digits for the country", which is all a form needs.
 *
 * Form-field contract (what `<PhoneInput name="phone">` submits, with or without JavaScript):
 *   - `phone`          what the person typed, e.g. "0412 345 678" or "+1 702 555 0123";
 *   - `phone_country`  the ISO 3166-1 alpha-2 code of the chosen country, e.g. "AU".
 * The server turns the pair into E.164 with
 *   `normalisePhone(formData.get("phone"), formData.get("phone_country"))`
 * which returns null for anything that is not a valid number (check for an empty field first if
 * "required" and "invalid" need different messages).
 */
import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from "libphonenumber-js/min";
// The same JSON the `min` build already bundles; read only for each calling code's main country.
import metadata from "libphonenumber-js/min/metadata";

export type PhoneCountry = CountryCode;

export const DEFAULT_PHONE_COUNTRY: PhoneCountry = "AU";

/** E.164 allows at most 15 digits, calling code included. */
export const PHONE_MAX_DIGITS = 15;

/** The spec's placeholder for the phone field. */
export const PHONE_PLACEHOLDER = "1 (702) 123-4567";

/** The name of the field carrying the chosen country next to a phone field called `name`. */
export function phoneCountryFieldName(name: string): string {
  return `${name}_country`;
}

/** A supported ISO country code from a form value, else `fallback`. */
export function toPhoneCountry(value: unknown, fallback: PhoneCountry = DEFAULT_PHONE_COUNTRY): PhoneCountry {
  if (typeof value !== "string") return fallback;
  const code = value.trim().toUpperCase();
  return isSupportedCountry(code) ? code : fallback;
}

/** How many national digits fit after the country's calling code within 15 digits. */
export function maxNationalDigits(country: PhoneCountry): number {
  return PHONE_MAX_DIGITS - getCountryCallingCode(country).length;
}

// Digits and the usual separators, with at most one leading "+": anything else (letters,
// extensions, a second number) is refused rather than guessed at.
const PHONE_TEXT = /^\+?[\d\s().-]+$/;
const MAX_PHONE_TEXT_LENGTH = 40;

/**
 * The E.164 form of a phone number typed in national ("0412 345 678", "(02) 9876 5432") or
 * international ("+61 412 345 678") form for `country`, or null when it is missing, malformed,
 * longer than 15 digits or not a valid number. Accepts raw submitted values, so
 * `null`, files and unknown countries are handled (an unknown country falls back to Australia).
 */
export function normalisePhone(raw: unknown, country: unknown = DEFAULT_PHONE_COUNTRY): string | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  if (!text || text.length > MAX_PHONE_TEXT_LENGTH || !PHONE_TEXT.test(text)) return null;
  if (countDigits(text) > PHONE_MAX_DIGITS) return null;
  const parsed = parsePhoneNumberFromString(text, toPhoneCountry(country));
  if (!parsed || parsed.ext || !parsed.isValid()) return null;
  return countDigits(parsed.number) <= PHONE_MAX_DIGITS ? parsed.number : null;
}

/**
 * A stored number for people to read: national format for numbers from `home` ("0412 345 678"),
 * international for the rest ("+1 702 555 0123"). Text that does not parse is returned as it is.
 */
export function formatPhoneForDisplay(
  e164: string | null | undefined,
  home: PhoneCountry = DEFAULT_PHONE_COUNTRY,
): string {
  const text = e164?.trim() ?? "";
  if (!text) return "";
  const parsed = parsePhoneNumberFromString(text, home);
  if (!parsed) return text;
  return parsed.country === home ? parsed.formatNational() : parsed.formatInternational();
}

/** What the phone input starts with for a stored E.164 value: its country and its national form. */
export function phoneInputDefaults(
  value: string | null | undefined,
  defaultCountry: PhoneCountry = DEFAULT_PHONE_COUNTRY,
): { country: PhoneCountry; text: string } {
  const text = value?.trim() ?? "";
  const parsed = text ? parsePhoneNumberFromString(text, defaultCountry) : undefined;
  if (!parsed) return { country: defaultCountry, text };
  // Numbers without a country (+800 and the like) keep their international form.
  if (!parsed.country) return { country: defaultCountry, text: parsed.formatInternational() };
  return { country: parsed.country, text: formatAsYouType(parsed.formatNational(), parsed.country) };
}

export type PhoneEdit = {
  /** The input's value after the edit. */
  text: string;
  /** Where the caret is after the edit. */
  caret: number;
  /** The (formatted) value before the edit. */
  previous: string;
  /** The `InputEvent.inputType`, e.g. "insertText" or "deleteContentBackward". */
  inputType?: string;
};

/**
 * Formats an edit of the phone input for `country` as the person types: keeps digits (and a leading
 * "+"), refuses digits beyond the 15-digit limit the way `maxLength` would (the newest ones, just
 * before the caret), formats with `AsYouType`, and keeps the caret after the same digit. Deleting
 * only a formatting character (the ")" of "(702)") deletes the digit next to it instead, so
 * Backspace never gets stuck.
 */
export function formatPhoneEdit(edit: PhoneEdit, country: PhoneCountry): { text: string; caret: number } {
  const { text, previous, inputType = "" } = edit;
  const caret = Math.min(Math.max(edit.caret, 0), text.length);
  const international = text.trimStart().startsWith("+");
  let digits = digitsOf(text);
  let digitsBeforeCaret = countDigits(text.slice(0, caret));
  const atEnd = caret >= text.trimEnd().length;

  if (inputType.startsWith("delete") && text.length < previous.length && digits === digitsOf(previous)) {
    if (inputType.endsWith("Backward") && digitsBeforeCaret > 0) {
      digits = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
      digitsBeforeCaret -= 1;
    } else if (inputType.endsWith("Forward")) {
      digits = digits.slice(0, digitsBeforeCaret) + digits.slice(digitsBeforeCaret + 1);
    }
  }

  const limit = international ? PHONE_MAX_DIGITS : maxNationalDigits(country);
  let excess = digits.length - limit;
  if (excess > 0) {
    const fromCaret = Math.min(excess, digitsBeforeCaret);
    digits = digits.slice(0, digitsBeforeCaret - fromCaret) + digits.slice(digitsBeforeCaret);
    digitsBeforeCaret -= fromCaret;
    excess -= fromCaret;
    if (excess > 0) digits = digits.slice(0, digits.length - excess);
  }

  const formatted = formatAsYouType((international ? "+" : "") + digits, country);
  if (atEnd) return { text: formatted, caret: formatted.length };
  return { text: formatted, caret: caretAfterDigits(formatted, digitsBeforeCaret) };
}

function formatAsYouType(text: string, country: PhoneCountry): string {
  if (!/\d/.test(text)) return text.startsWith("+") ? "+" : "";
  return new AsYouType(country).input(text);
}

function caretAfterDigits(text: string, count: number): number {
  if (count <= 0) return text.startsWith("+") ? 1 : 0;
  let seen = 0;
  for (let index = 0; index < text.length; index++) {
    if (isDigit(text[index]) && ++seen === count) return index + 1;
  }
  return text.length;
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, "");
}

function countDigits(text: string): number {
  return digitsOf(text).length;
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "9";
}

// ---------------------------------------------------------------------------------------------
// Countries for the picker.

export type PhoneCountryOption = {
  code: PhoneCountry;
  /** Without the "+", e.g. "61". */
  callingCode: string;
  /** In Australian English, e.g. "United States". */
  name: string;
  /** Regional-indicator emoji, e.g. 🇦🇺; decorative. */
  flag: string;
};

/** Other names people search for. */
const ALIASES: Partial<Record<PhoneCountry, string[]>> = {
  US: ["usa", "america", "united states of america"],
  GB: ["uk", "great britain", "britain", "england", "scotland", "wales"],
  AE: ["uae"],
  KR: ["korea"],
  KP: ["korea"],
  NL: ["holland"],
  CZ: ["czech republic"],
  VN: ["vietnam"],
};

/** The flag emoji for a two-letter country code. */
export function countryFlag(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((char) => 0x1f1a5 + char.charCodeAt(0)));
}

const optionsByLocale = new Map<string, PhoneCountryOption[]>();

/** Every country libphonenumber knows, Australia first, then by name. */
export function phoneCountryOptions(locale = "en-AU"): PhoneCountryOption[] {
  const cached = optionsByLocale.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale], { type: "region" });
  const collator = new Intl.Collator(locale);
  const options = getCountries()
    .map((code) => ({
      code,
      callingCode: getCountryCallingCode(code),
      name: names.of(code) ?? code,
      flag: countryFlag(code),
    }))
    .sort(
      (a, b) =>
        Number(b.code === DEFAULT_PHONE_COUNTRY) - Number(a.code === DEFAULT_PHONE_COUNTRY) ||
        collator.compare(a.name, b.name),
    );
  optionsByLocale.set(locale, options);
  return options;
}

/** True for the country a shared calling code belongs to first (+1 is the US, +44 the UK). */
function isMainCountryForCode(option: PhoneCountryOption): boolean {
  return metadata.country_calling_codes[option.callingCode]?.[0] === option.code;
}

/** Lower case, no accents, words separated by single spaces: "Côte d’Ivoire" → "cote d ivoire". */
function searchable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The options matching a search by name ("united states", "zealand"), ISO code ("nz") or dialling
 * code ("+61", "44"), best matches first; all options, in their order, for an empty query.
 */
export function searchPhoneCountries(options: PhoneCountryOption[], query: string): PhoneCountryOption[] {
  const trimmed = query.trim();
  const dial = /^\+?\s*(\d+)$/.exec(trimmed)?.[1];
  const text = searchable(trimmed);
  if (!text) return options;

  const ranked: { option: PhoneCountryOption; rank: number; order: number }[] = [];
  options.forEach((option, order) => {
    const rank = dial ? dialRank(option, dial) : textRank(option, text);
    if (rank !== undefined) ranked.push({ option, rank, order });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.order - b.order).map(({ option }) => option);
}

function dialRank(option: PhoneCountryOption, dial: string): number | undefined {
  if (!option.callingCode.startsWith(dial)) return undefined;
  return (option.callingCode === dial ? 0 : 2) + (isMainCountryForCode(option) ? 0 : 1);
}

function textRank(option: PhoneCountryOption, text: string): number | undefined {
  const name = searchable(option.name);
  const aliases = ALIASES[option.code] ?? [];
  if (name === text || option.code.toLowerCase() === text || aliases.includes(text)) return 0;
  if (name.startsWith(text)) return 1;
  // A match from the start of any word: "zealand", "islands", "britain".
  if ([name, ...aliases].some((phrase) => ` ${phrase}`.includes(` ${text}`))) return 2;
  if (name.includes(text)) return 3;
  return undefined;
}
