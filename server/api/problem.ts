import { z } from "@hono/zod-openapi";

/** RFC 9457 problem details: every API error is one of these, as `application/problem+json`. */
export const problemSchema = z
  .object({
    type: z.string().openapi({ example: "about:blank" }),
    title: z.string().openapi({ example: "Validation failed" }),
    status: z.number().int().openapi({ example: 400 }),
    detail: z
      .string()
      .optional()
      .openapi({ example: "weekly_rent: Enter the weekly rent in dollars, e.g. 420 or 420.50." }),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: "One entry per invalid field (400 only)." }),
  })
  .openapi("Problem");

export type Problem = z.infer<typeof problemSchema>;
export type FieldError = { field: string; message: string };

const TITLES: Record<number, string> = {
  400: "Validation failed",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  412: "Precondition failed",
  413: "Content too large",
  415: "Unsupported media type",
  422: "Unprocessable content",
  428: "Precondition required",
  429: "Too many requests",
  500: "Internal server error",
  503: "Service unavailable",
};

/** A problem-details response; `headers` go along (WWW-Authenticate, Retry-After, rate-limit headers). */
export function problemResponse(
  status: number,
  detail: string,
  { errors, headers }: { errors?: FieldError[]; headers?: HeadersInit } = {},
): Response {
  const body: Problem = {
    type: "about:blank",
    title: TITLES[status] ?? "Error",
    status,
    detail,
    ...(errors ? { errors } : {}),
  };
  const response = new Response(JSON.stringify(body), { status, headers });
  response.headers.set("Content-Type", "application/problem+json");
  return response;
}

/** Thrown by a handler to answer with problem details (the API's error handler turns it into the response). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: HeadersInit,
  ) {
    super(detail);
  }

  toResponse(): Response {
    return problemResponse(this.status, this.detail, { errors: this.errors, headers: this.headers });
  }
}

/** The problem responses a route may give, for its OpenAPI entry. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: TITLES[status] ?? "Error", content: { "application/problem+json": { schema: problemSchema } } },
    ]),
  );
}
