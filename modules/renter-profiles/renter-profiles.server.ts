import { randomBytes } from "node:crypto";
import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import { renterDocuments, renterProfiles, renterReferences, users, type PreferredArea } from "~/db/schema";
import type { WherePlaces } from "~/lib/adapters/maps/maps-adapter";
import { queueMail } from "~/lib/adapters/mail/mailer.server";
import type { Executor } from "~/lib/db/client.server";
import type { SiteSettings } from "~/lib/services.server";
import { signToken, verifyToken } from "~/lib/signed-token.server";
import { displayName, type Viewer } from "~/modules/auth/viewer";
import { referenceRequestEmail } from "~/modules/mail/renter-profile-emails";
import { referenceLimits, type ReferenceLimits } from "~/modules/renter-profiles/internal/limits.server";
import {
  MAX_REFERENCES,
  type DocumentKind,
  type Occupation,
  type ReferenceInput,
  type RenterProfileInput,
  type StatedAnswer,
} from "~/modules/renter-profiles/renter-profile-input";

/**
 * Renter profiles and their references. Every read and write here is scoped to the viewer's own
 * rows, so another user's id is simply not found; the confirm link is the only authority a
 * referee needs, and it works once.
 */

export interface RenterProfileView {
  about: string;
  occupation: Occupation | null;
  occupationPlace: string;
  moveInEarliest: string | null;
  moveInLatest: string | null;
  stayMonths: number | null;
  weeklyBudget: number | null;
  preferredAreas: PreferredArea[];
  languages: string[];
  pets: StatedAnswer;
  smoking: StatedAnswer;
  findable: boolean;
}

export interface ReferenceView {
  id: string;
  name: string;
  relationship: string;
  email: string;
  confirmed: boolean;
  requestedAt: string;
}

export interface DocumentSummary {
  id: string;
  kind: DocumentKind;
  contentType: string;
  byteSize: number;
  createdAt: string;
  /** When the retention task deletes it (12 months after upload). */
  deletesAt: string;
}

export const EMPTY_PROFILE: RenterProfileView = {
  about: "",
  occupation: null,
  occupationPlace: "",
  moveInEarliest: null,
  moveInLatest: null,
  stayMonths: null,
  weeklyBudget: null,
  preferredAreas: [],
  languages: [],
  pets: "undisclosed",
  smoking: "undisclosed",
  findable: false,
};

/** A document is kept 12 months from its upload, then the retention task deletes it. */
export const DOCUMENT_RETENTION_MONTHS = 12;
/** A referee's link expires this long after it was sent. */
export const REFERENCE_LINK_DAYS = 30;
const REFERENCE_PURPOSE = "renter-reference";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function documentDeletesAt(createdAt: Date): Date {
  const deletesAt = new Date(createdAt);
  deletesAt.setUTCMonth(deletesAt.getUTCMonth() + DOCUMENT_RETENTION_MONTHS);
  return deletesAt;
}

function toView(row: typeof renterProfiles.$inferSelect | undefined): RenterProfileView {
  if (!row) return EMPTY_PROFILE;
  return {
    about: row.about,
    occupation: row.occupation,
    occupationPlace: row.occupationPlace,
    moveInEarliest: row.moveInEarliest,
    moveInLatest: row.moveInLatest,
    stayMonths: row.stayMonths,
    weeklyBudget: row.weeklyBudget,
    preferredAreas: row.preferredAreas,
    languages: row.languages,
    pets: row.pets,
    smoking: row.smoking,
    findable: row.findable,
  };
}

/** Everything the renter's own page shows: the profile, the referees, the document. */
export async function renterProfilePage(
  db: Executor,
  viewer: Pick<Viewer, "id">,
): Promise<{ profile: RenterProfileView; references: ReferenceView[]; document: DocumentSummary | null }> {
  const [[profile], references, [document]] = await Promise.all([
    db.select().from(renterProfiles).where(eq(renterProfiles.userId, viewer.id)),
    db
      .select()
      .from(renterReferences)
      .where(eq(renterReferences.userId, viewer.id))
      .orderBy(asc(renterReferences.createdAt), asc(renterReferences.id)),
    db.select().from(renterDocuments).where(eq(renterDocuments.userId, viewer.id)),
  ]);
  return {
    profile: toView(profile),
    references: references.map((row) => ({
      id: row.id,
      name: row.name,
      relationship: row.relationship,
      email: row.email,
      confirmed: row.confirmedAt !== null,
      requestedAt: row.requestedAt.toISOString(),
    })),
    document: document
      ? {
          id: document.id,
          kind: document.kind,
          contentType: document.contentType,
          byteSize: document.byteSize,
          createdAt: document.createdAt.toISOString(),
          deletesAt: documentDeletesAt(document.createdAt).toISOString(),
        }
      : null,
  };
}

export type SaveProfileResult = { ok: true } | { ok: false; reason: "unknown-area"; area: string };

/**
 * Saves the profile, each preferred area found among the location search's places (by the id a
 * suggestion sent, or by its name as typed); an area we cannot find refuses the save.
 */
export async function saveRenterProfile(
  { db, places }: { db: Executor; places: WherePlaces },
  viewer: Pick<Viewer, "id">,
  input: RenterProfileInput,
): Promise<SaveProfileResult> {
  const preferredAreas: PreferredArea[] = [];
  for (const area of input.areas) {
    const place = await places.findWhere(area);
    if (!place) return { ok: false, reason: "unknown-area", area };
    if (!preferredAreas.some((known) => known.id === place.id)) preferredAreas.push({ id: place.id, name: place.name });
  }
  const values = {
    about: input.about,
    occupation: input.occupation,
    occupationPlace: input.occupationPlace,
    moveInEarliest: input.moveInEarliest,
    moveInLatest: input.moveInLatest,
    stayMonths: input.stayMonths,
    weeklyBudget: input.weeklyBudget,
    preferredAreas,
    languages: input.languages,
    pets: input.pets,
    smoking: input.smoking,
    findable: input.findable,
  };
  await db
    .insert(renterProfiles)
    .values({ userId: viewer.id, ...values })
    .onConflictDoUpdate({ target: renterProfiles.userId, set: { ...values, updatedAt: new Date() } });
  return { ok: true };
}

export type ReferenceRefusal = "not-found" | "limit-reached" | "rate-limited";
export type ReferenceResult =
  { ok: true; id: string } | { ok: false; reason: ReferenceRefusal; retryAfterSeconds?: number };

interface ReferenceServices {
  db: Executor;
  site: SiteSettings;
  secret: string;
}

type ReferenceOptions = { limits?: ReferenceLimits; now?: Date };

const newNonce = () => randomBytes(16).toString("base64url");

/** The token in a referee's confirm link: the reference's id and a signature over it and its nonce. */
export function referenceToken(secret: string, reference: { id: string; tokenNonce: string }): string {
  return `${reference.id}.${signToken(secret, REFERENCE_PURPOSE, reference.id, reference.tokenNonce)}`;
}

/** Counts one reference e-mail for the renter and for the address; the wait when either is spent. */
async function mayEmail(limits: ReferenceLimits, viewer: Pick<Viewer, "id">, email: string): Promise<number | null> {
  for (const [limiter, key] of [
    [limits.renter, viewer.id],
    [limits.address, email],
  ] as const) {
    const hit = await limiter.hit(key);
    if (!hit.allowed) return hit.retryAfterSeconds;
  }
  return null;
}

async function queueReferenceEmail(
  executor: Executor,
  { site, secret }: Omit<ReferenceServices, "db">,
  viewer: Viewer,
  reference: { id: string; tokenNonce: string; name: string; relationship: string; email: string },
) {
  await queueMail(executor, {
    to: reference.email,
    ...referenceRequestEmail({
      siteName: site.name,
      url: `${site.url}/reference/${referenceToken(secret, reference)}`,
      renterName: displayName(viewer),
      refereeName: reference.name,
      relationship: reference.relationship,
      expiresInDays: REFERENCE_LINK_DAYS,
    }),
  });
}

const lockRenter = (userId: string) => sql`select pg_advisory_xact_lock(hashtext(${`renter-references:${userId}`}))`;

/** Names a referee (at most two) and e-mails them the confirm link, in one transaction. */
export async function addReference(
  services: ReferenceServices,
  viewer: Viewer,
  input: ReferenceInput,
  { limits = referenceLimits(), now = new Date() }: ReferenceOptions = {},
): Promise<ReferenceResult> {
  const wait = await mayEmail(limits, viewer, input.email);
  if (wait !== null) return { ok: false, reason: "rate-limited", retryAfterSeconds: wait };
  return services.db.transaction(async (tx) => {
    // Serialises one renter's additions, so two at once cannot both pass the count.
    await tx.execute(lockRenter(viewer.id));
    const [existing] = await tx
      .select({ total: count() })
      .from(renterReferences)
      .where(eq(renterReferences.userId, viewer.id));
    if ((existing?.total ?? 0) >= MAX_REFERENCES) return { ok: false, reason: "limit-reached" } as const;
    const tokenNonce = newNonce();
    const [row] = await tx
      .insert(renterReferences)
      .values({ userId: viewer.id, ...input, tokenNonce, requestedAt: now })
      .returning({ id: renterReferences.id });
    if (!row) throw new Error("the reference insert returned no row");
    await queueReferenceEmail(tx, services, viewer, { id: row.id, tokenNonce, ...input });
    return { ok: true, id: row.id } as const;
  });
}

/**
 * Edits a referee. A new e-mail address resets the confirmation: earlier links stop working and
 * the new address gets its own (counted by the limiter); a name or relationship alone changes no more.
 */
export async function changeReference(
  services: ReferenceServices,
  viewer: Viewer,
  id: string,
  input: ReferenceInput,
  { limits = referenceLimits(), now = new Date() }: ReferenceOptions = {},
): Promise<ReferenceResult> {
  if (!UUID.test(id)) return { ok: false, reason: "not-found" };
  const own = and(eq(renterReferences.id, id), eq(renterReferences.userId, viewer.id));
  const [current] = await services.db.select().from(renterReferences).where(own);
  if (!current) return { ok: false, reason: "not-found" };
  if (current.email === input.email) {
    await services.db.update(renterReferences).set({ name: input.name, relationship: input.relationship }).where(own);
    return { ok: true, id };
  }
  const wait = await mayEmail(limits, viewer, input.email);
  if (wait !== null) return { ok: false, reason: "rate-limited", retryAfterSeconds: wait };
  return services.db.transaction(async (tx) => {
    const tokenNonce = newNonce();
    const [row] = await tx
      .update(renterReferences)
      .set({ ...input, tokenNonce, requestedAt: now, confirmedAt: null })
      .where(own)
      .returning({ id: renterReferences.id });
    if (!row) return { ok: false, reason: "not-found" } as const;
    await queueReferenceEmail(tx, services, viewer, { id, tokenNonce, ...input });
    return { ok: true, id } as const;
  });
}

/** Removes a referee; their link then finds nothing. */
export async function removeReference(
  db: Executor,
  viewer: Pick<Viewer, "id">,
  id: string,
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  if (!UUID.test(id)) return { ok: false, reason: "not-found" };
  const removed = await db
    .delete(renterReferences)
    .where(and(eq(renterReferences.id, id), eq(renterReferences.userId, viewer.id)))
    .returning({ id: renterReferences.id });
  return removed.length > 0 ? { ok: true } : { ok: false, reason: "not-found" };
}

export type ReferenceLinkRefusal = "invalid-token" | "expired" | "already-confirmed" | "own-reference";
export type ReferenceLink =
  | { ok: true; value: { renterName: string; refereeName: string; relationship: string } }
  | { ok: false; reason: ReferenceLinkRefusal };

async function referenceFor(db: Executor, secret: string, token: string) {
  const [id = "", signature = "", extra] = token.split(".");
  if (extra !== undefined || !UUID.test(id) || signature.length > 100) return null;
  const [row] = await db
    .select({ reference: renterReferences, renterName: users.name })
    .from(renterReferences)
    .innerJoin(users, eq(users.id, renterReferences.userId))
    .where(eq(renterReferences.id, id));
  if (!row?.reference.tokenNonce) return null;
  return verifyToken(secret, signature, REFERENCE_PURPOSE, row.reference.id, row.reference.tokenNonce) ? row : null;
}

/**
 * What a confirm link is about, or why it is refused: forged, altered, replaced by a newer e-mail
 * or removed ("invalid-token"), older than 30 days, already used, or opened by the renter themselves.
 */
export async function readReferenceLink(
  db: Executor,
  secret: string,
  token: string,
  { viewer = null, now = new Date() }: { viewer?: Pick<Viewer, "id"> | null; now?: Date } = {},
): Promise<ReferenceLink> {
  const found = await referenceFor(db, secret, token);
  if (!found) return { ok: false, reason: "invalid-token" };
  const { reference, renterName } = found;
  if (viewer?.id === reference.userId) return { ok: false, reason: "own-reference" };
  if (reference.confirmedAt) return { ok: false, reason: "already-confirmed" };
  if (now.getTime() - reference.requestedAt.getTime() > REFERENCE_LINK_DAYS * 86_400_000)
    return { ok: false, reason: "expired" };
  return { ok: true, value: { renterName, refereeName: reference.name, relationship: reference.relationship } };
}

/**
 * Confirms the reference the link names, once: the update only matches an unconfirmed row with the
 * link's nonce, so two clicks at once confirm it one time and the second is told it was used.
 */
export async function confirmReference(
  db: Executor,
  secret: string,
  token: string,
  options: { viewer?: Pick<Viewer, "id"> | null; now?: Date } = {},
): Promise<ReferenceLink> {
  const now = options.now ?? new Date();
  const link = await readReferenceLink(db, secret, token, { ...options, now });
  if (!link.ok) return link;
  const [id = ""] = token.split(".");
  const confirmed = await db
    .update(renterReferences)
    .set({ confirmedAt: now })
    .where(and(eq(renterReferences.id, id), sql`${renterReferences.confirmedAt} is null`))
    .returning({ id: renterReferences.id });
  return confirmed.length > 0 ? link : { ok: false, reason: "already-confirmed" };
}

/**
 * A renter profile's facts for the rest of the product (screening, the renter search): only what
 * the renter stated or a referee confirmed. "Complete" is defined in ADR 110: about me, an
 * occupation (with its institution or employer when studying or working), a move-in date, a stay
 * length, a weekly budget and at least one preferred area.
 */
export interface RenterProfileFacts {
  hasProfile: boolean;
  complete: boolean;
  referencesConfirmed: number;
  stayMonths: number | null;
  moveInWindow: { earliest: string; latest: string | null } | null;
  weeklyBudget: number | null;
  findable: boolean;
  /** That a proof document exists and of what; never its content. */
  document: { kind: DocumentKind } | null;
}

export function isProfileComplete(profile: RenterProfileView): boolean {
  return (
    profile.about !== "" &&
    profile.occupation !== null &&
    (profile.occupation === "other" || profile.occupationPlace !== "") &&
    profile.moveInEarliest !== null &&
    profile.stayMonths !== null &&
    profile.weeklyBudget !== null &&
    profile.preferredAreas.length > 0
  );
}

export async function renterProfileFacts(db: Executor, userId: string): Promise<RenterProfileFacts> {
  const [[profile], [references], [document]] = await Promise.all([
    db.select().from(renterProfiles).where(eq(renterProfiles.userId, userId)),
    db
      .select({ confirmed: count() })
      .from(renterReferences)
      .where(and(eq(renterReferences.userId, userId), isNotNull(renterReferences.confirmedAt))),
    db.select({ kind: renterDocuments.kind }).from(renterDocuments).where(eq(renterDocuments.userId, userId)),
  ]);
  const view = toView(profile);
  return {
    hasProfile: profile !== undefined,
    complete: isProfileComplete(view),
    referencesConfirmed: references?.confirmed ?? 0,
    stayMonths: view.stayMonths,
    moveInWindow: view.moveInEarliest ? { earliest: view.moveInEarliest, latest: view.moveInLatest } : null,
    weeklyBudget: view.weeklyBudget,
    findable: view.findable,
    document: document ? { kind: document.kind } : null,
  };
}
