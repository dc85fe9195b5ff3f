import { describe, expect, it, vi } from "vitest";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import type { ListingSummary } from "~/modules/listings/listing-types";
import { viewerFavourited, withViewerFlags } from "~/modules/favourites/viewer-flags.server";

const logged = vi.hoisted(() => vi.fn());
vi.mock("~/lib/logger.server", () => ({ logger: { error: logged } }));

const tenant: Viewer = {
  id: "tina",
  email: "tina@example.com",
  role: "tenant",
  subscriptionStatus: "inactive",
  firstName: null,
  lastName: null,
  avatarUrl: null,
  twoFactorEnabled: false,
};
const admin: Viewer = { ...tenant, id: "ada", role: "admin" };

const card = (id: string): ListingSummary => ({
  id,
  title: `Room ${id}`,
  features: "",
  details: "",
  weeklyRent: null,
  availableFrom: null,
  suburb: null,
  photo: null,
  landlordId: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});

/** An executor whose favourites query answers `rows`, or fails when given an error. */
function fakeDb(answer: { listingId: string }[] | Error): Executor {
  const where = () => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer));
  return { select: () => ({ from: () => ({ where }) }) } as unknown as Executor;
}

describe("withViewerFlags", () => {
  it("leaves the heart unset for a visitor and asks no database", async () => {
    const db = { select: vi.fn() } as unknown as Executor;
    expect(await withViewerFlags(db, null, [card("a")])).toMatchObject([{ id: "a", favourited: null, canEdit: false }]);
    expect(db.select).not.toHaveBeenCalled();
  });

  it("marks the viewer's favourites and what they may edit", async () => {
    const cards = await withViewerFlags(fakeDb([{ listingId: "b" }]), admin, [card("a"), card("b")]);
    expect(cards.map(({ id, favourited, canEdit }) => [id, favourited, canEdit])).toEqual([
      ["a", false, true],
      ["b", true, true],
    ]);
  });

  it("treats a failed status check as not favourited and logs it, without failing the page", async () => {
    const cards = await withViewerFlags(fakeDb(new Error("database down")), tenant, [card("a")]);
    expect(cards).toMatchObject([{ id: "a", favourited: false, canEdit: false }]);
    expect(logged).toHaveBeenCalledOnce();
    expect(await viewerFavourited(fakeDb(new Error("database down")), tenant, "a")).toBe(false);
  });
});
