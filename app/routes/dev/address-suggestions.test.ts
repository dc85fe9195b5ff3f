import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Route } from "./+types/address-suggestions";
import { loader } from "~/app/routes/dev/address-suggestions";
import { requestInfoContext } from "~/lib/request-context";

function args(url: string): Route.LoaderArgs {
  const context = new RouterContextProvider(
    new Map([[requestInfoContext, { requestId: "r1", clientAddress: "203.0.113.9", nonce: "n" }]]),
  );
  return { request: new Request(url), context } as unknown as Route.LoaderArgs;
}

describe("dev address suggestions", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("answers 404 in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    await expect(loader(args("http://localhost/dev/address-suggestions?q=Carlton"))).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("serves the address search elsewhere, without a session", async () => {
    vi.stubEnv("NODE_ENV", "development");
    const response = await loader(args("http://localhost/dev/address-suggestions?q=Carlton%20North"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      suggestions: [{ label: "Carlton North VIC 3054", suburb: "Carlton North", precision: "suburb" }],
    });
  });
});
