import type { ApiDocument, ApiOperation } from "~/lib/request-context";
import type { UserRole } from "~/modules/auth/viewer";

export interface DocumentedEndpoint {
  method: string;
  path: string;
  description: string;
  /** A curl command for this endpoint against `origin`. */
  example: string;
}

const METHODS = ["get", "post", "put", "delete"] as const;

/** The example values a request body's schema carries (following one $ref to the components). */
function exampleBody(document: ApiDocument, operation: ApiOperation): Record<string, unknown> | null {
  let schema = operation.requestBody?.content?.["application/json"]?.schema as
    { $ref?: string; properties?: Record<string, { example?: unknown }> } | undefined;
  if (schema?.$ref) {
    const name = schema.$ref.split("/").at(-1) ?? "";
    schema = document.components?.schemas?.[name] as typeof schema;
  }
  if (!schema?.properties) return null;
  const body = Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([, property]) => property.example !== undefined)
      .map(([name, property]) => [name, property.example]),
  );
  return Object.keys(body).length > 0 ? body : null;
}

const ID_PLACEHOLDERS = [
  ["/api/blog", "POST_ID"],
  ["/api/listings", "LISTING_ID"],
  ["/api/enquiries", "CONVERSATION_ID"],
] as const;

function curl(origin: string, method: string, path: string, body: Record<string, unknown> | null): string {
  const url = `${origin}${path.replace("{id}", ID_PLACEHOLDERS.find(([prefix]) => path.startsWith(prefix))?.[1] ?? "ID")}`;
  const lines = [
    `curl${method === "GET" ? "" : ` -X ${method}`} "${url}"`,
    `  -H "Authorization: Bearer YOUR_API_KEY"`,
  ];
  if (body) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(body)}'`);
  }
  return lines.join(" \\\n");
}

/**
 * The endpoints `role` may call, read from the API's OpenAPI document (so the screen cannot drift
 * from the API), each with a curl example for the site's own origin.
 */
export function documentedEndpoints(document: ApiDocument, role: UserRole, origin: string): DocumentedEndpoint[] {
  const endpoints: DocumentedEndpoint[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation?.["x-laneway-roles"]?.includes(role)) continue;
      const upper = method.toUpperCase();
      endpoints.push({
        method: upper,
        path,
        description: operation.summary ?? "",
        example: curl(
          origin,
          upper,
          path,
          method === "post" || method === "put" ? exampleBody(document, operation) : null,
        ),
      });
    }
  }
  return endpoints;
}
