import { formText, formTextList, type FieldValues } from "~/lib/form-data";

/**
 * The renter profile's form, a referee's details and the proof document's limits: plain checks
 * shared by the browser and the server (the server is the authority, and finds each preferred
 * area among the location search's places).
 */

export const OCCUPATIONS = ["studying", "working", "other"] as const;
export type Occupation = (typeof OCCUPATIONS)[number];
export const STATED_ANSWERS = ["yes", "no", "undisclosed"] as const;
export type StatedAnswer = (typeof STATED_ANSWERS)[number];

export const RENTER_PROFILE_FIELDS = [
  "about",
  "occupation",
  "occupationPlace",
  "moveInEarliest",
  "moveInLatest",
  "stayMonths",
  "weeklyBudget",
  "areas",
  "languages",
  "pets",
  "smoking",
  "findable",
] as const;
export type RenterProfileField = (typeof RENTER_PROFILE_FIELDS)[number];
export type RenterProfileErrors = Partial<Record<RenterProfileField, string>>;

export const ABOUT_MAX_LENGTH = 2000;
export const OCCUPATION_PLACE_MAX_LENGTH = 120;
/** The product's leases (spec: 3 to 12 months). */
export const STAY_MONTHS = { min: 3, max: 12 } as const;
export const WEEKLY_BUDGET = { min: 50, max: 10_000 } as const;
export const MAX_PREFERRED_AREAS = 3;
export const AREA_MAX_LENGTH = 100;
export const MAX_LANGUAGES = 8;
export const LANGUAGE_MAX_LENGTH = 40;
/** How far ahead a move-in window may reach. */
export const MOVE_IN_MAX_YEARS_AHEAD = 2;

export interface RenterProfileInput {
  about: string;
  occupation: Occupation | null;
  occupationPlace: string;
  moveInEarliest: string | null;
  moveInLatest: string | null;
  stayMonths: number | null;
  weeklyBudget: number | null;
  /** What the renter typed or chose for each area (a place's id or name), found on the server. */
  areas: string[];
  languages: string[];
  pets: StatedAnswer;
  smoking: StatedAnswer;
  findable: boolean;
}

export type RenterProfileValues = Record<Exclude<RenterProfileField, "areas" | "findable">, string> & {
  areas: string[];
  findable: boolean;
};

export type RenterProfileParse =
  | { success: true; data: RenterProfileInput; values: RenterProfileValues }
  | { success: false; errors: RenterProfileErrors; values: RenterProfileValues };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE = /^\d{1,6}$/;
const LANGUAGE = /^\p{L}[\p{L} '-]*$/u;

function isRealDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** "YYYY-MM-DD" of `today` plus `years`. */
function yearsAhead(today: string, years: number): string {
  return `${Number(today.slice(0, 4)) + years}${today.slice(4)}`;
}

const oneOf = <T extends string>(options: readonly T[], value: string): value is T =>
  (options as readonly string[]).includes(value);

/**
 * Validates the profile form. `today` (Melbourne's date, "YYYY-MM-DD") bounds the move-in window:
 * not in the past, at most two years ahead. Every field may be left empty; pets and smoking
 * default to "prefer not to say".
 */
export function parseRenterProfile(source: FieldValues, today: string): RenterProfileParse {
  const text = (name: string) => formText(source, name).trim();
  const values: RenterProfileValues = {
    about: text("about"),
    occupation: text("occupation"),
    occupationPlace: text("occupationPlace"),
    moveInEarliest: text("moveInEarliest"),
    moveInLatest: text("moveInLatest"),
    stayMonths: text("stayMonths"),
    weeklyBudget: text("weeklyBudget"),
    areas: (source.getAll ? source.getAll("areas") : [source.get("areas")])
      .map((value) => (typeof value === "string" ? value.trim() : ""))
      .filter(Boolean),
    languages: text("languages"),
    pets: text("pets") || "undisclosed",
    smoking: text("smoking") || "undisclosed",
    findable: formText(source, "findable") === "on",
  };
  const errors: RenterProfileErrors = {};
  if (values.about.length > ABOUT_MAX_LENGTH)
    errors.about = `Please keep this to ${ABOUT_MAX_LENGTH.toLocaleString("en-AU")} characters.`;
  if (values.occupation !== "" && !oneOf(OCCUPATIONS, values.occupation))
    errors.occupation = "Please choose studying, working or other.";
  if (values.occupationPlace.length > OCCUPATION_PLACE_MAX_LENGTH || /[\r\n]/.test(values.occupationPlace))
    errors.occupationPlace = `Please enter one line of at most ${OCCUPATION_PLACE_MAX_LENGTH} characters.`;

  const latestAllowed = yearsAhead(today, MOVE_IN_MAX_YEARS_AHEAD);
  for (const field of ["moveInEarliest", "moveInLatest"] as const) {
    const value = values[field];
    if (value === "") continue;
    if (!isRealDate(value)) errors[field] = "Please enter a date.";
    else if (value < today) errors[field] = "Please choose a date from today on.";
    else if (value > latestAllowed) errors[field] = `Please choose a date within ${MOVE_IN_MAX_YEARS_AHEAD} years.`;
  }
  if (
    !errors.moveInEarliest &&
    !errors.moveInLatest &&
    values.moveInEarliest !== "" &&
    values.moveInLatest !== "" &&
    values.moveInLatest < values.moveInEarliest
  )
    errors.moveInLatest = "The latest move-in date must be on or after the earliest.";

  const stayMonths = values.stayMonths === "" ? null : Number(values.stayMonths);
  if (
    stayMonths !== null &&
    (!WHOLE.test(values.stayMonths) || stayMonths < STAY_MONTHS.min || stayMonths > STAY_MONTHS.max)
  )
    errors.stayMonths = `Please choose a stay of ${STAY_MONTHS.min} to ${STAY_MONTHS.max} months.`;

  const budgetText = values.weeklyBudget.replace(/^\$/, "").replace(/,/g, "");
  const weeklyBudget = budgetText === "" ? null : Number(budgetText);
  if (
    weeklyBudget !== null &&
    (!WHOLE.test(budgetText) || weeklyBudget < WEEKLY_BUDGET.min || weeklyBudget > WEEKLY_BUDGET.max)
  )
    errors.weeklyBudget = `Please enter whole dollars a week, from $${WEEKLY_BUDGET.min} to $${WEEKLY_BUDGET.max.toLocaleString("en-AU")}.`;

  if (values.areas.length > MAX_PREFERRED_AREAS) errors.areas = `Please choose at most ${MAX_PREFERRED_AREAS} areas.`;
  else if (values.areas.some((area) => area.length > AREA_MAX_LENGTH))
    errors.areas = `Please type at most ${AREA_MAX_LENGTH} characters for an area.`;

  const languages = [
    ...new Map(
      formTextList(new Map([["languages", values.languages]]), "languages").map((language) => [
        language.toLowerCase(),
        language,
      ]),
    ).values(),
  ];
  if (languages.length > MAX_LANGUAGES) errors.languages = `Please list at most ${MAX_LANGUAGES} languages.`;
  else if (languages.some((language) => language.length > LANGUAGE_MAX_LENGTH || !LANGUAGE.test(language)))
    errors.languages = "Please list languages by name, separated by commas.";

  if (!oneOf(STATED_ANSWERS, values.pets)) errors.pets = "Please choose yes, no or prefer not to say.";
  if (!oneOf(STATED_ANSWERS, values.smoking)) errors.smoking = "Please choose yes, no or prefer not to say.";

  if (Object.keys(errors).length > 0) return { success: false, errors, values };
  return {
    success: true,
    values,
    data: {
      about: values.about,
      occupation: values.occupation === "" ? null : (values.occupation as Occupation),
      occupationPlace: values.occupation === "" ? "" : values.occupationPlace,
      moveInEarliest: values.moveInEarliest || null,
      moveInLatest: values.moveInLatest || null,
      stayMonths,
      weeklyBudget,
      areas: [...new Set(values.areas)],
      languages,
      pets: values.pets as StatedAnswer,
      smoking: values.smoking as StatedAnswer,
      findable: values.findable,
    },
  };
}

export const REFERENCE_FIELDS = ["name", "relationship", "email"] as const;
export type ReferenceField = (typeof REFERENCE_FIELDS)[number];
export type ReferenceErrors = Partial<Record<ReferenceField, string>>;
export interface ReferenceInput {
  name: string;
  relationship: string;
  /** Lower-cased. */
  email: string;
}
export const MAX_REFERENCES = 2;
export const REFERENCE_NAME_MAX_LENGTH = 100;
export const RELATIONSHIP_MAX_LENGTH = 60;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** Validates a referee: a name and relationship on one line each, and an e-mail address. */
export function parseReference(
  source: FieldValues,
): { success: true; data: ReferenceInput } | { success: false; errors: ReferenceErrors; values: ReferenceInput } {
  const values = {
    name: formText(source, "name").trim(),
    relationship: formText(source, "relationship").trim(),
    email: formText(source, "email").trim().toLowerCase(),
  };
  const errors: ReferenceErrors = {};
  if (values.name === "") errors.name = "Please enter the referee's name.";
  else if (values.name.length > REFERENCE_NAME_MAX_LENGTH || /[\r\n]/.test(values.name))
    errors.name = `Please enter one line of at most ${REFERENCE_NAME_MAX_LENGTH} characters.`;
  if (values.relationship === "") errors.relationship = "Please say how you know them (e.g. previous landlord).";
  else if (values.relationship.length > RELATIONSHIP_MAX_LENGTH || /[\r\n]/.test(values.relationship))
    errors.relationship = `Please enter one line of at most ${RELATIONSHIP_MAX_LENGTH} characters.`;
  if (values.email.length > 254 || !EMAIL.test(values.email)) errors.email = "Please enter a valid e-mail address.";
  if (Object.keys(errors).length > 0) return { success: false, errors, values };
  return { success: true, data: values };
}

/** The proof document: a PDF or a photo or scan, at most 8 MB. */
export const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;
/** The whole upload request: the file and the form's few fields. */
export const MAX_DOCUMENT_REQUEST_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;
export const DOCUMENT_KINDS = ["income", "enrolment"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  income: "Proof of income",
  enrolment: "Proof of enrolment",
};
export const DOCUMENT_ERRORS = {
  noFile: "Please choose a PDF or an image to upload.",
  kind: "Please say whether this is proof of income or of enrolment.",
  tooLarge: "The file is too large: the limit is 8 MB.",
  notADocument: "This file is not a PDF or an image we can read.",
  tooManyPixels: "This image is too large to read: please send a smaller photo or scan.",
} as const;
