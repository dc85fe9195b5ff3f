import type { OpenAPIHonoOptions } from "@hono/zod-openapi";
import type { ApiEnv } from "~/server/api/key-auth";
import { problemResponse } from "~/server/api/problem";

/** A request that does not match its route's schema: 400 with one entry per bad field. */
export const validationHook: NonNullable<OpenAPIHonoOptions<ApiEnv>["defaultHook"]> = (result) => {
  if (result.success) return;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join(".") : result.target,
    message: issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : issue.message,
  }));
  return problemResponse(400, errors.map((error) => `${error.field}: ${error.message}`).join(" "), { errors });
};
