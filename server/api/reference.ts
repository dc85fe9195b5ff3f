import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The interactive reference at /api/docs: Scalar's standalone bundle, served from this origin (no
 * CDN, so the CSP stays 'self' plus nonces) and loaded on this page only.
 */
let bundle: Promise<Buffer> | undefined;

export function scalarBundle(): Promise<Buffer> {
  bundle ??= readFile(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve("@scalar/api-reference")),
      "browser",
      "standalone.js",
    ),
  );
  return bundle;
}

export const SCALAR_PATH = "/api/docs/scalar.js";

export function referencePage(nonce: string): string {
  const config = JSON.stringify({
    url: "/api/openapi.json",
    // Nothing from elsewhere: no hosted fonts, telemetry, AI agent or MCP service; the page only talks to this site.
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never",
  });
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>API reference | Laneway Rooms</title>
  </head>
  <body>
    <main id="reference" aria-label="API reference"></main>
    <script nonce="${nonce}" src="${SCALAR_PATH}"></script>
    <script nonce="${nonce}">Scalar.createApiReference("#reference", ${config});</script>
  </body>
</html>`;
}
