import { z } from "zod";
import {
  SANDBOX_DOCUMENT_COUNTRIES,
  SANDBOX_IDENTITY_OUTCOMES,
  type SandboxDocumentCountry,
} from "~/lib/adapters/identity/sandbox-outcomes";
import { formText, type FieldValues } from "~/lib/form-data";

const schema = z.object({
  outcome: z.enum(SANDBOX_IDENTITY_OUTCOMES, { error: "Choose a test outcome." }),
  documentCountry: z.enum(
    Object.keys(SANDBOX_DOCUMENT_COUNTRIES) as [SandboxDocumentCountry, ...SandboxDocumentCountry[]],
    {
      error: "Choose the country that issued the document.",
    },
  ),
});

export type SandboxVerificationInput = z.infer<typeof schema>;

/** The sandbox page's form: the chosen test outcome and the document's country. */
export function parseSandboxVerificationForm(
  values: FieldValues,
): { success: true; data: SandboxVerificationInput } | { success: false; message: string } {
  const parsed = schema.safeParse({
    outcome: formText(values, "outcome"),
    documentCountry: formText(values, "documentCountry"),
  });
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, message: parsed.error.issues[0]?.message ?? "Choose a test outcome." };
}
