import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { conversations, renterDocuments } from "~/db/schema";
import type { PrivateFileStore } from "~/lib/adapters/storage/private-files";
import type { Executor } from "~/lib/db/client.server";
import type { Logger } from "~/lib/logger.server";
import { startPeriodicTask } from "~/lib/periodic-task.server";
import type { Viewer } from "~/modules/auth/viewer";
import { reencodeDocumentImage } from "~/modules/media/document-image.server";
import { documentReadableBy } from "~/modules/renter-profiles/document-scope.server";
import { MAX_DOCUMENT_BYTES, type DocumentKind } from "~/modules/renter-profiles/renter-profile-input";
import { DOCUMENT_RETENTION_MONTHS } from "~/modules/renter-profiles/renter-profiles.server";

/**
 * The renter's proof of income or enrolment: one per renter, its bytes in private storage (never
 * a public URL), opened only through `openRenterDocument`, which reads through the permission's
 * SQL twin. Deleted on request, with the account, and 12 months after upload.
 */

interface DocumentServices {
  db: Executor;
  privateFiles: PrivateFileStore;
}

export type DocumentUploadRefusal = "too-large" | "not-a-document" | "too-many-pixels";
export type DocumentUploadResult = { ok: true; id: string } | { ok: false; reason: DocumentUploadRefusal };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A PDF as its bytes say, not its name: the "%PDF-1.x" header at the start and the "%%EOF" marker
 * in the last kilobyte (a truncated or disguised file has neither).
 */
export function looksLikePdf(bytes: Buffer): boolean {
  return (
    /^%PDF-\d\.\d/.test(bytes.subarray(0, 16).toString("latin1")) &&
    bytes.subarray(Math.max(0, bytes.length - 1024)).includes("%%EOF", 0, "latin1")
  );
}

/** What to store for an upload: a PDF as sent, an image decoded and encoded afresh as a JPEG. */
async function storable(
  bytes: Buffer,
): Promise<
  | { ok: true; body: Buffer; contentType: "application/pdf" | "image/jpeg" }
  | { ok: false; reason: DocumentUploadRefusal }
> {
  if (bytes.length > MAX_DOCUMENT_BYTES) return { ok: false, reason: "too-large" };
  if (looksLikePdf(bytes)) return { ok: true, body: bytes, contentType: "application/pdf" };
  const image = await reencodeDocumentImage(bytes, MAX_DOCUMENT_BYTES);
  if (image.ok) return { ok: true, body: image.body, contentType: "image/jpeg" };
  return {
    ok: false,
    reason:
      image.problem === "tooLarge"
        ? "too-large"
        : image.problem === "tooManyPixels"
          ? "too-many-pixels"
          : "not-a-document",
  };
}

/**
 * Stores the renter's document, replacing any earlier one. The file is written first under a fresh
 * key and the row after; if the row cannot be written the new file is removed, and the replaced
 * file is removed only once the new row is committed.
 */
export async function uploadRenterDocument(
  { db, privateFiles }: DocumentServices,
  viewer: Pick<Viewer, "id">,
  input: { kind: DocumentKind; bytes: Buffer },
): Promise<DocumentUploadResult> {
  const file = await storable(input.bytes);
  if (!file.ok) return file;
  const key = `renter-documents/${randomUUID()}.${file.contentType === "application/pdf" ? "pdf" : "jpg"}`;
  await privateFiles.put(key, file.body);
  let saved: { id: string; replacedKey: string | null };
  try {
    saved = await db.transaction(async (tx) => {
      const [previous] = await tx
        .delete(renterDocuments)
        .where(eq(renterDocuments.userId, viewer.id))
        .returning({ key: renterDocuments.storageKey });
      const [row] = await tx
        .insert(renterDocuments)
        .values({
          userId: viewer.id,
          kind: input.kind,
          storageKey: key,
          contentType: file.contentType,
          byteSize: file.body.length,
        })
        .returning({ id: renterDocuments.id });
      if (!row) throw new Error("the document insert returned no row");
      return { id: row.id, replacedKey: previous?.key ?? null };
    });
  } catch (error) {
    await privateFiles.delete(key);
    throw error;
  }
  if (saved.replacedKey) await privateFiles.delete(saved.replacedKey);
  return { ok: true, id: saved.id };
}

/** Deletes the renter's document, row and file, at their request. */
export async function deleteRenterDocument(
  { db, privateFiles }: DocumentServices,
  viewer: Pick<Viewer, "id">,
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  const removed = await db
    .delete(renterDocuments)
    .where(eq(renterDocuments.userId, viewer.id))
    .returning({ key: renterDocuments.storageKey });
  for (const { key } of removed) await privateFiles.delete(key);
  return removed.length > 0 ? { ok: true } : { ok: false, reason: "not-found" };
}

export interface OpenedDocument {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * A document's bytes for someone allowed to open it (`canOpenRenterDocument`): anyone else, and any
 * id that is not a document, gets "not-found", so nobody learns whether an id exists.
 */
export async function openRenterDocument(
  { db, privateFiles }: DocumentServices,
  viewer: Pick<Viewer, "id">,
  id: string,
): Promise<{ ok: true; value: OpenedDocument } | { ok: false; reason: "not-found" }> {
  if (!UUID.test(id)) return { ok: false, reason: "not-found" };
  const [row] = await db
    .select()
    .from(renterDocuments)
    .where(and(eq(renterDocuments.id, id), documentReadableBy(db, viewer)));
  if (!row) return { ok: false, reason: "not-found" };
  const body = await privateFiles.get(row.storageKey);
  if (!body) return { ok: false, reason: "not-found" };
  const extension = row.contentType === "application/pdf" ? "pdf" : "jpg";
  return { ok: true, value: { body, contentType: row.contentType, fileName: `proof-of-${row.kind}.${extension}` } };
}

/**
 * The id and kind of the enquiring renter's document, for the landlord's side of a conversation:
 * found through the conversation (its landlord must be the viewer) and the permission's SQL twin.
 */
export async function documentForConversation(
  db: Executor,
  viewer: Pick<Viewer, "id">,
  conversationId: string,
): Promise<{ id: string; kind: DocumentKind } | null> {
  if (!UUID.test(conversationId)) return null;
  const [row] = await db
    .select({ id: renterDocuments.id, kind: renterDocuments.kind })
    .from(renterDocuments)
    .innerJoin(conversations, eq(conversations.tenantId, renterDocuments.userId))
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.landlordId, viewer.id),
        documentReadableBy(db, viewer),
      ),
    );
  return row ?? null;
}

/**
 * Deletes the files of a user's stored documents, and their rows: account deletion calls this
 * before deleting the user (the rows would go with the user, the files would not).
 */
export async function deleteUserDocumentFiles({ db, privateFiles }: DocumentServices, userId: string): Promise<number> {
  const removed = await db
    .delete(renterDocuments)
    .where(eq(renterDocuments.userId, userId))
    .returning({ key: renterDocuments.storageKey });
  for (const { key } of removed) await privateFiles.delete(key);
  return removed.length;
}

/**
 * Deletes documents uploaded more than 12 months ago, a batch at a time: rows are claimed with
 * SKIP LOCKED, so instances running the task together never take the same one. The files go
 * after the rows' deletion commits, so a failed run leaves at worst a file no row points to.
 */
export async function sweepExpiredRenterDocuments(
  { db, privateFiles }: DocumentServices,
  { now = new Date(), batchSize = 100 }: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - DOCUMENT_RETENTION_MONTHS);
  const keys = await db.transaction(async (tx) => {
    const expired = await tx
      .select({ id: renterDocuments.id, key: renterDocuments.storageKey })
      .from(renterDocuments)
      .where(lt(renterDocuments.createdAt, cutoff))
      .orderBy(asc(renterDocuments.createdAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    if (expired.length === 0) return [];
    await tx.delete(renterDocuments).where(
      inArray(
        renterDocuments.id,
        expired.map(({ id }) => id),
      ),
    );
    return expired.map(({ key }) => key);
  });
  for (const key of keys) await privateFiles.delete(key);
  return keys.length;
}

/** Runs the 12-month retention every `intervalMs` until the returned stop function is called. */
export function startRenterDocumentRetention(
  services: DocumentServices,
  options: { intervalMs: number; logger: Pick<Logger, "info" | "error"> },
): () => Promise<void> {
  const task = startPeriodicTask({
    name: "renter-document-retention",
    intervalMs: options.intervalMs,
    logger: options.logger,
    async run() {
      let deleted = 0;
      for (
        let batch = await sweepExpiredRenterDocuments(services);
        batch > 0;
        batch = await sweepExpiredRenterDocuments(services)
      )
        deleted += batch;
      if (deleted > 0) options.logger.info({ deleted }, "renter documents past retention deleted");
    },
  });
  return () => task.stop();
}
