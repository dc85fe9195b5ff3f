import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
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
  it("serves the address search without a session (the /dev gate is checked by its layout)", async () => {
    const response = await loader(args("http://localhost/dev/address-suggestions?q=Carlton%20North"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      suggestions: [{ label: "Carlton North VIC 3054", suburb: "Carlton North", precision: "suburb" }],
    });
  });
});
