import { describe, expect, it } from "vitest";
import { readPropertyAction } from "~/app/routes/settings/property-action-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("readPropertyAction", () => {
  it("reads a status change and a delete", () => {
    expect(readPropertyAction(form({ intent: "status", listingId: " abc ", status: "let" }))).toEqual({
      intent: "status",
      listingId: "abc",
      status: "let",
    });
    expect(readPropertyAction(form({ intent: "status", listingId: "abc", status: "available" }))).toMatchObject({
      status: "available",
    });
    expect(readPropertyAction(form({ intent: "delete", listingId: "abc" }))).toEqual({
      intent: "delete",
      listingId: "abc",
    });
  });

  it("refuses anything else", () => {
    for (const fields of [
      {},
      { intent: "delete" },
      { intent: "delete", listingId: "  " },
      { intent: "status", listingId: "abc" },
      { intent: "status", listingId: "abc", status: "under_review" },
      { intent: "archive", listingId: "abc" },
    ] as Record<string, string>[]) {
      expect(readPropertyAction(form(fields))).toBeNull();
    }
  });
});
