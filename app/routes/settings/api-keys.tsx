import { data } from "react-router";
import type { Route } from "./+types/api-keys";
import { ApiKeysScreen, type ApiKeysActionData } from "~/app/components/api-keys/api-keys-screen";
import { documentedEndpoints } from "~/app/http/api-reference";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { redirectWithNotice } from "~/lib/flash.server";
import { formText } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { apiDocument, database, services } from "~/lib/request-context";
import { parseApiKeyForm, parseOverlapHours } from "~/modules/api-keys/api-key-input";
import {
  createApiKey,
  deleteApiKey,
  listApiKeys,
  newApiKeyRefusal,
  rollApiKey,
  type ApiKeyRefusal,
  type CreatedApiKey,
} from "~/modules/api-keys/api-keys.server";
import {
  API_KEY_LIMIT_NOTICE,
  API_KEY_SUBSCRIPTION_NOTICE,
  API_KEY_TWO_FACTOR_NOTICE,
  API_KEYS_ACCESS_DENIED,
} from "~/app/content/api-keys";
import { statusFor } from "~/lib/http/refusal-status";
import { API_KEY_REFUSAL_CODE } from "~/modules/api-keys/api-key-refusal-code";
import { canUseApiKeys } from "~/modules/api-keys/permissions";

const CREATE_FAILED = "Failed to create API key";
const DELETE_FAILED = "Failed to delete API key";
const REFUSAL_TEXT: Record<ApiKeyRefusal, string> = {
  "subscription-required": API_KEY_SUBSCRIPTION_NOTICE,
  "two-factor-required": API_KEY_TWO_FACTOR_NOTICE,
  "not-allowed": API_KEYS_ACCESS_DENIED.description,
  "limit-reached": API_KEY_LIMIT_NOTICE,
  "not-found": "This API key no longer exists.",
};

/** Landlords, staff and admins only: everyone else goes to their profile with 'Access Denied'. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    const viewer = requireViewer(request, context);
    if (!canUseApiKeys(viewer)) {
      throw redirectWithNotice("/settings/profile", { ...API_KEYS_ACCESS_DENIED, tone: "error" });
    }
  },
];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "API Keys",
      description: "Create and manage keys for the Laneway Rooms REST API.",
      path: "/settings/api-keys",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { url: origin, production } = services(context).site;
  const db = database(context);
  return {
    keys: await listApiKeys(db, viewer),
    refusal: await newApiKeyRefusal(db, viewer, { production }),
    role: viewer.role,
    endpoints: documentedEndpoints(apiDocument(context), viewer.role, origin),
    referenceUrl: "/api/docs",
  };
}

function created(intent: "create" | "roll", result: CreatedApiKey) {
  if (result.ok) return { intent, ok: true as const, key: result.key, name: result.summary.name };
  return data<ApiKeysActionData>(
    { intent, ok: false, message: REFUSAL_TEXT[result.reason] },
    { status: statusFor(API_KEY_REFUSAL_CODE[result.reason]) },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const db = database(context);
  const policy = { production: services(context).site.production };
  const intent = formText(form, "intent");
  try {
    if (intent === "create") {
      const parsed = parseApiKeyForm(form);
      if (!parsed.success)
        return data<ApiKeysActionData>({ intent, ok: false, message: parsed.message }, { status: 400 });
      return created(intent, await createApiKey(db, viewer, parsed.data, policy));
    }
    if (intent === "roll") {
      const overlapHours = parseOverlapHours(formText(form, "overlapHours"));
      if (overlapHours === null)
        return data<ApiKeysActionData>({ intent, ok: false, message: "Choose an overlap." }, { status: 400 });
      return created(intent, await rollApiKey(db, viewer, formText(form, "id"), overlapHours, policy));
    }
    if (intent === "delete") {
      const result = await deleteApiKey(db, viewer, formText(form, "id"));
      if (!result.ok)
        return data<ApiKeysActionData>(
          { intent, ok: false, message: DELETE_FAILED },
          { status: statusFor(API_KEY_REFUSAL_CODE[result.reason]) },
        );
      return { intent, ok: true as const };
    }
  } catch (error) {
    logger.error({ err: error, userId: viewer.id, intent }, "api key action failed");
    const message = intent === "delete" ? DELETE_FAILED : CREATE_FAILED;
    return data<ApiKeysActionData>(
      { intent: intent === "delete" ? "delete" : "create", ok: false, message },
      { status: 500 },
    );
  }
  return data<ApiKeysActionData>({ intent: "create", ok: false, message: "Invalid request." }, { status: 400 });
}

export default function ApiKeys({ loaderData }: Route.ComponentProps) {
  return <ApiKeysScreen {...loaderData} />;
}
