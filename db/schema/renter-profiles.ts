/**
 * Renter profiles: what a renter says about themselves, their referees, and their private proof of
 * income or enrolment. Every row goes with its user (ON DELETE CASCADE); the document's file is
 * deleted with the account by its deletion step (`removeRenterDocuments`), the files after it commits.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";

export const occupations = ["studying", "working", "other"] as const;
/** Pets and smoking: "undisclosed" is the renter choosing not to say, a state of its own. */
export const statedAnswers = ["yes", "no", "undisclosed"] as const;
export const renterDocumentKinds = ["income", "enrolment"] as const;

/** A place from the location search's gazetteer, as the renter chose it. */
export interface PreferredArea {
  id: string;
  name: string;
}

export const renterProfiles = pgTable(
  "renter_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    about: text("about").notNull().default(""),
    occupation: text("occupation", { enum: occupations }),
    /** The institution (studying) or employer (working), or what "other" means. */
    occupationPlace: text("occupation_place").notNull().default(""),
    moveInEarliest: date("move_in_earliest", { mode: "string" }),
    moveInLatest: date("move_in_latest", { mode: "string" }),
    stayMonths: integer("stay_months"),
    weeklyBudget: integer("weekly_budget"),
    preferredAreas: jsonb("preferred_areas").$type<PreferredArea[]>().notNull().default([]),
    languages: jsonb("languages").$type<string[]>().notNull().default([]),
    pets: text("pets", { enum: statedAnswers }).notNull().default("undisclosed"),
    smoking: text("smoking", { enum: statedAnswers }).notNull().default("undisclosed"),
    /** Whether active landlords may find this renter in the renter search; off until the renter turns it on. */
    findable: boolean("findable").notNull().default(false),
    /** Whether landlords who find this renter may invite them to a listing (ADR 113); findable off stops them too. */
    acceptsInvitations: boolean("accepts_invitations").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("renter_profiles_occupation", sql`${table.occupation} in ('studying', 'working', 'other')`),
    check("renter_profiles_pets", sql`${table.pets} in ('yes', 'no', 'undisclosed')`),
    check("renter_profiles_smoking", sql`${table.smoking} in ('yes', 'no', 'undisclosed')`),
    check("renter_profiles_stay_months", sql`${table.stayMonths} between 3 and 12`),
    check("renter_profiles_weekly_budget", sql`${table.weeklyBudget} between 1 and 10000`),
    check("renter_profiles_move_in_window", sql`${table.moveInLatest} >= ${table.moveInEarliest}`),
    index("renter_profiles_findable_idx")
      .on(table.updatedAt)
      .where(sql`${table.findable}`),
    // The renter search's filters (ADR 113): budget and move-in among findable renters.
    index("renter_profiles_findable_budget_idx")
      .on(table.weeklyBudget)
      .where(sql`${table.findable}`),
    index("renter_profiles_findable_move_in_idx")
      .on(table.moveInEarliest)
      .where(sql`${table.findable}`),
    index("renter_profiles_preferred_areas_idx").using("gin", sql`${table.preferredAreas} jsonb_path_ops`),
  ],
);

/**
 * A referee the renter named. The confirm link's token signs the row's id and `token_nonce`; the
 * nonce is replaced when the e-mail changes and cleared once confirmed, so a link works once.
 */
export const renterReferences = pgTable(
  "renter_references",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    relationship: text("relationship").notNull(),
    email: text("email").notNull(),
    tokenNonce: text("token_nonce"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("renter_references_user_idx").on(table.userId, table.createdAt)],
);

/** The renter's one proof of income or enrolment: its bytes are in private storage under `storage_key`. */
export const renterDocuments = pgTable(
  "renter_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: renterDocumentKinds }).notNull(),
    storageKey: text("storage_key").notNull().unique(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("renter_documents_kind", sql`${table.kind} in ('income', 'enrolment')`),
    check("renter_documents_content_type", sql`${table.contentType} in ('application/pdf', 'image/jpeg')`),
    index("renter_documents_created_idx").on(table.createdAt),
  ],
);
