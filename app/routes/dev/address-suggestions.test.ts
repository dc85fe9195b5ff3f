import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/address-suggestions";
import { loader } from "~/app/routes/dev/address-suggestions";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import type { Services } from "~/lib/services.server";
import { requestInfoContext, servicesContext } from "~/lib/request-context";

// The loader reaches only the maps adapter; the offline gazetteer is the default one.
const services = { maps: new OfflineMapsAdapter() } as Pick<Services, "maps"> as Services;

function args(url: string): Route.LoaderArgs {
  const context = new RouterContextProvider(
    new Map<unknown, unknown>([
      [requestInfoContext, { requestId: "r1", clientAddress: "203.0.113.9", nonce: "n" }],
      [servicesContext, services],
    ]) as ConstructorParameters<typeof RouterContextProvider>[0],
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
