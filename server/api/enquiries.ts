import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { conversationStatuses } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Services } from "~/lib/services.server";
import { inboxPage, isInboxCursor, type InboxEntry } from "~/modules/enquiries/inbox.server";
import { readThread, replyToConversation, type Thread } from "~/modules/enquiries/conversations.server";
import type { EnquiryRefusal } from "~/modules/enquiries/enquiry-result";
import { MESSAGE_MAX_LENGTH, parseMessage } from "~/modules/enquiries/enquiry-input";
import { ENQUIRY_REFUSALS } from "~/modules/enquiries/enquiry-text";
import { apiAuditMeta } from "~/server/api/audit-meta";
import { decodeCursor, encodeCursor } from "~/server/api/cursor";
import { idempotencyKeyHeader, createOnce } from "~/server/api/idempotency";
import type { ApiEnv } from "~/server/api/key-auth";
import { ApiProblem, problemResponses } from "~/server/api/problem";
import { retryAfterHeaders, statusFor } from "~/lib/http/refusal-status";
import { ENQUIRY_REFUSAL_CODE } from "~/modules/enquiries/enquiry-refusal-code";
import { validationHook } from "~/server/api/validation";
import { everyKeyHolder } from "~/server/api/roles-extension";

const side = z.enum(["tenant", "landlord"]).openapi({ description: "Your side of the conversation." });
const photoSchema = z.object({ url: z.string(), alt: z.string().optional() }).nullable();

const conversationSummarySchema = z
  .object({
    id: z.uuid(),
    side,
    listing_id: z.uuid().nullable(),
    listing_title: z.string().openapi({ example: "Sunny room near Flagstaff Gardens" }),
    photo: photoSchema,
    other_name: z.string().openapi({ example: "Tia N." }),
    status: z.enum(conversationStatuses),
    last_message: z.string(),
    last_message_at: z.string().openapi({ format: "date-time" }),
    unread: z.boolean(),
  })
  .openapi("ConversationSummary");

const messageSchema = z
  .object({
    id: z.uuid(),
    from: z.enum(["you", "them", "notice"]),
    author_name: z.string().openapi({ example: "Tia N." }),
    body: z.string(),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Message");

const conversationSchema = z
  .object({
    id: z.uuid(),
    side,
    status: z.enum(conversationStatuses),
    listing_id: z.uuid().nullable(),
    listing_title: z.string(),
    other_name: z.string(),
    move_in_date: z.string().openapi({ format: "date" }),
    lease_months: z.number().int(),
    tenant_phone: z.string().nullable(),
    landlord_contact: z
      .object({ email: z.string().nullable(), phone: z.string().nullable() })
      .nullable()
      .openapi({ description: "The listing's contact details: to the tenant only, once the landlord has replied." }),
    can_reply: z.boolean(),
    messages: z.array(messageSchema),
  })
  .openapi("Conversation");

const replySchema = z
  .strictObject({
    body: z.string().openapi({
      description: `Plain text, at most ${MESSAGE_MAX_LENGTH} characters.`,
      example: "Yes, Saturday works.",
    }),
  })
  .openapi("Reply");

const idParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, format: "uuid" }),
});
const secured = [{ ApiKey: [] }];

function toSummary(entry: InboxEntry) {
  return {
    id: entry.id,
    side: entry.side,
    listing_id: entry.listingId,
    listing_title: entry.listingTitle,
    photo: entry.photo && { url: entry.photo.url, alt: entry.photo.alt },
    other_name: entry.otherName,
    status: entry.status,
    last_message: entry.lastMessage,
    last_message_at: entry.lastMessageAt,
    unread: entry.unread,
  };
}

function toConversation(thread: Thread) {
  return {
    id: thread.id,
    side: thread.side,
    status: thread.status,
    listing_id: thread.listingId,
    listing_title: thread.listingTitle,
    other_name: thread.otherName,
    move_in_date: thread.moveInDate,
    lease_months: thread.leaseMonths,
    tenant_phone: thread.tenantPhone,
    landlord_contact: thread.landlordContact,
    can_reply: thread.canReply,
    messages: thread.messages.map((message) => ({
      id: message.id,
      from: message.from,
      author_name: message.authorName,
      body: message.body,
      created_at: message.createdAt,
    })),
  };
}

/** A refused step as problem details: the pages' status mapping and wording, Retry-After when rate-limited. */
function refused(refusal: EnquiryRefusal): ApiProblem {
  return new ApiProblem(
    statusFor(ENQUIRY_REFUSAL_CODE[refusal.reason]),
    ENQUIRY_REFUSALS[refusal.reason],
    undefined,
    retryAfterHeaders(refusal),
  );
}

const NOT_FOUND = ENQUIRY_REFUSALS["not-found"];

const listRoute = createRoute({
  method: "get",
  path: "/enquiries",
  summary: "List your conversations",
  description:
    "The conversations you take part in, as the landlord or as the enquirer, newest first by when they started, one page at a time. Nobody sees others' conversations here, staff and admins included.",
  security: secured,
  ...everyKeyHolder,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: "Page size (1–100)." }),
      cursor: z.string().max(200).optional().openapi({ description: "next_cursor from the previous page." }),
    }),
  },
  responses: {
    200: {
      description: "One page of conversations.",
      content: {
        "application/json": {
          schema: z.object({
            data: z.array(conversationSummarySchema),
            has_more: z.boolean(),
            next_cursor: z.string().nullable(),
          }),
        },
      },
    },
    ...problemResponses(400, 401, 429),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/enquiries/{id}",
  summary: "Get a conversation",
  description:
    "The enquiry's details and every message. Reading through the API does not mark the conversation read: that happens when you open it on the site.",
  security: secured,
  ...everyKeyHolder,
  request: { params: idParam },
  responses: {
    200: { description: "The conversation.", content: { "application/json": { schema: conversationSchema } } },
    ...problemResponses(401, 404, 429),
  },
});

const replyRoute = createRoute({
  method: "post",
  path: "/enquiries/{id}/messages",
  summary: "Reply to a conversation",
  description:
    "Sends a message; the other side is e-mailed (at most once per 15 minutes while unread). Send an Idempotency-Key header so a retried request never sends it twice.",
  security: secured,
  ...everyKeyHolder,
  request: {
    params: idParam,
    headers: idempotencyKeyHeader("Any unique string per message."),
    body: { required: true, content: { "application/json": { schema: replySchema } } },
  },
  responses: {
    201: { description: "The message sent.", content: { "application/json": { schema: messageSchema } } },
    ...problemResponses(400, 401, 403, 404, 409, 422, 429),
  },
});

/** /api/enquiries: the enquiries module's functions and participant rule, over JSON. */
export function enquiryRoutes(
  database: () => Executor,
  services: Pick<Services, "site"> & Partial<Pick<Services, "analytics">>,
) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, isInboxCursor);
    if (after === null) {
      const message = "This cursor is not one we gave out.";
      throw new ApiProblem(400, `cursor: ${message}`, [{ field: "cursor", message }]);
    }
    const page = await inboxPage(database(), c.get("identity").viewer, { limit: query.limit, after });
    return c.json(
      {
        data: page.entries.map(toSummary),
        has_more: page.next !== null,
        next_cursor: page.next && encodeCursor(page.next),
      },
      200,
    );
  });

  app.openapi(getRoute, async (c) => {
    const thread = await readThread(database(), c.get("identity").viewer, c.req.valid("param").id, {
      markRead: false,
    });
    if (!thread) throw new ApiProblem(404, NOT_FOUND);
    return c.json(toConversation(thread), 200);
  });

  app.openapi(replyRoute, async (c) => {
    const { viewer } = c.get("identity");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const parsed = parseMessage(new Map([["message", body.body]]));
    if (!parsed.success) throw new ApiProblem(400, `body: ${parsed.error}`, [{ field: "body", message: parsed.error }]);
    const now = new Date();
    // The client's address feeds the module's per-address message limit, as on the site.
    const meta = { ...apiAuditMeta(c), now };
    let refusal: EnquiryRefusal | undefined;
    const reply = async (db: Executor) => {
      const result = await replyToConversation(
        { db, site: services.site, analytics: services.analytics },
        viewer,
        { conversationId: id, body: parsed.body },
        meta,
      );
      if (!result.ok) {
        refusal = result;
        return null;
      }
      return {
        id: result.value.messageId,
        from: "you" as const,
        author_name: "You",
        body: parsed.body,
        created_at: now.toISOString(),
      };
    };
    const created = await createOnce(c, database(), c.req.valid("header")["idempotency-key"], body, reply);
    if (!created) {
      if (refusal) throw refused(refusal);
      throw new Error("a refused reply carried no reason");
    }
    c.header("Location", `/api/enquiries/${id}`);
    return c.json(created, 201);
  });

  return app;
}
