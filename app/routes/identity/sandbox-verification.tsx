import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sandbox-verification";
import { IDENTITY_REFUSAL_MESSAGES } from "~/app/content/identity";
import { Button } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Icon } from "~/app/components/ui/icon";
import { NativeSelect } from "~/app/components/ui/native-select";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { SANDBOX_DOCUMENT_COUNTRIES } from "~/lib/adapters/identity/sandbox-outcomes";
import { statusFor } from "~/lib/http/refusal-status";
import { services } from "~/lib/request-context";
import { IDENTITY_REFUSAL_CODE } from "~/modules/identity/identity-refusal-code";
import { parseSandboxVerificationForm } from "~/modules/identity/sandbox-input";
import { completeSandboxVerification, sandboxVerification } from "~/modules/identity/sandbox.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Verify your identity",
      description: "Verify your identity with a document and a selfie.",
      path: "/identity/sandbox",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

const OUTCOMES = [
  { value: "verified", label: "Verified", hint: "The document is genuine, readable, and the selfie matches it." },
  { value: "document-unreadable", label: "Document unreadable", hint: "The photo of the document cannot be read." },
  { value: "mismatch", label: "Selfie mismatch", hint: "The selfie does not match the photo on the document." },
] as const;

/** The sandbox provider's page: only the viewer's own session, while it awaits them. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const session = await sandboxVerification(services(context), viewer, params.sessionId);
  if (!session) throw data({ message: IDENTITY_REFUSAL_MESSAGES["not-found"] }, { status: 404 });
  return session;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const parsed = parseSandboxVerificationForm(await request.formData());
  if (!parsed.success) return data({ error: parsed.message }, { status: 400 });
  const result = await completeSandboxVerification(services(context), viewer, params.sessionId, parsed.data);
  if (result.ok) throw redirect(result.redirectTo);
  if (result.reason === "failed") return data({ error: IDENTITY_REFUSAL_MESSAGES["provider-error"] }, { status: 500 });
  return data(
    { error: IDENTITY_REFUSAL_MESSAGES[result.reason] },
    { status: statusFor(IDENTITY_REFUSAL_CODE[result.reason]) },
  );
}

export default function SandboxVerification({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <div className="bg-slate-100 px-4 pt-8 pb-16">
        <div className="mx-auto max-w-xl overflow-hidden rounded-3xl bg-white shadow-xl">
          <div className="bg-slate-900 p-8 text-white">
            <p className="text-xs font-semibold tracking-widest text-amber-300 uppercase">Test mode · sandbox</p>
            <h1 className="mt-4 text-2xl font-bold">Verify your identity</h1>
            <p className="mt-2 text-slate-300">
              {loaderData.name}: the real provider asks for a photo of your document and a selfie here. In the sandbox,
              choose the result instead. No images are taken.
            </p>
          </div>
          <Form method="post" className="space-y-6 p-8">
            {actionData?.error && (
              <p
                id="verification-error"
                role="alert"
                className="rounded-lg bg-red-50 p-3 text-sm font-medium text-destructive"
              >
                {actionData.error}
              </p>
            )}
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-slate-900">Test outcome</legend>
              {OUTCOMES.map((outcome, index) => (
                <div
                  key={outcome.value}
                  className="flex gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-primary has-[:checked]:bg-slate-50"
                >
                  <input
                    type="radio"
                    id={`outcome-${outcome.value}`}
                    name="outcome"
                    value={outcome.value}
                    defaultChecked={index === 0}
                    className="mt-1"
                    aria-describedby={`outcome-${outcome.value}-hint`}
                  />
                  <div>
                    <label
                      htmlFor={`outcome-${outcome.value}`}
                      className="block cursor-pointer font-medium text-slate-900"
                    >
                      {outcome.label}
                    </label>
                    <p id={`outcome-${outcome.value}-hint`} className="text-sm text-slate-600">
                      {outcome.hint}
                    </p>
                  </div>
                </div>
              ))}
            </fieldset>
            <FormField id="document-country" label="Country that issued the document">
              <NativeSelect id="document-country" name="documentCountry" defaultValue="AU" className="w-full">
                {Object.entries(SANDBOX_DOCUMENT_COUNTRIES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <Button type="submit" className="w-full" disabled={busy}>
              <Icon name="lock" className="size-4" /> {busy ? "Checking…" : "Submit"}
            </Button>
          </Form>
        </div>
      </div>
    </>
  );
}
