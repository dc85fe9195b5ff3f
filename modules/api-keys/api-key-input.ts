import { z } from "zod";
import type { apiKeyScopes } from "~/db/schema";
import { formText, type FieldValues } from "~/lib/form-data";

/** The create-key dialog: a name, an optional expiry and a scope. Shared by the browser and the server. */
export const API_KEY_NAME_REQUIRED = "Please enter a name for your API key";
export const API_KEY_EXPIRY_OPTIONS = [
  { value: "never", label: "Never" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "365 days" },
] as const;
export const API_KEY_SCOPE_OPTIONS = [
  { value: "read_write", label: "Read and write" },
  { value: "read", label: "Read only" },
] as const satisfies readonly { value: (typeof apiKeyScopes)[number]; label: string }[];
/** How long a rolled key's old value keeps working. */
export const API_KEY_OVERLAP_OPTIONS = [
  { value: "0", label: "Stop the old key now" },
  { value: "1", label: "1 hour" },
  { value: "24", label: "24 hours" },
  { value: "168", label: "7 days" },
] as const;

export type ApiKeyScope = (typeof apiKeyScopes)[number];
// Spelled out rather than imported: this file ships to the browser, the schema must not.
const SCOPES = ["read_write", "read"] as const satisfies readonly ApiKeyScope[];

export const apiKeyInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: API_KEY_NAME_REQUIRED })
    .max(100, { error: "Keep the name under 100 characters." }),
  expiresInDays: z
    .enum(API_KEY_EXPIRY_OPTIONS.map((option) => option.value) as ["never", "30", "90", "365"], {
      error: "Choose when the key expires.",
    })
    .transform((value) => (value === "never" ? null : Number(value))),
  scope: z.enum(SCOPES, { error: "Choose what the key may do." }),
});

export type ApiKeyInput = z.output<typeof apiKeyInputSchema>;

/** Reads the create-key form: the input, or the first message. Missing expiry and scope take the defaults. */
export function parseApiKeyForm(
  form: FieldValues,
): { success: true; data: ApiKeyInput } | { success: false; message: string } {
  const result = apiKeyInputSchema.safeParse({
    name: formText(form, "name"),
    expiresInDays: formText(form, "expiresInDays") || "never",
    scope: formText(form, "scope") || "read_write",
  });
  if (result.success) return { success: true, data: result.data };
  return { success: false, message: result.error.issues[0]?.message ?? API_KEY_NAME_REQUIRED };
}

/** Reads the overlap (in hours) chosen when rolling a key. */
export function parseOverlapHours(value: string): number | null {
  return API_KEY_OVERLAP_OPTIONS.some((option) => option.value === value) ? Number(value) : null;
}
