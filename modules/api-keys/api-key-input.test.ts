import { describe, expect, it } from "vitest";
import { API_KEY_NAME_REQUIRED, parseApiKeyForm, parseOverlapHours } from "~/modules/api-keys/api-key-input";

const form = (values: Record<string, string>) => new Map(Object.entries(values));

describe("the create-key form", () => {
  it("needs a name that is not blank", () => {
    expect(parseApiKeyForm(form({ name: "" }))).toEqual({ success: false, message: API_KEY_NAME_REQUIRED });
    expect(parseApiKeyForm(form({ name: "   " }))).toEqual({ success: false, message: API_KEY_NAME_REQUIRED });
  });

  it("defaults to a key that never expires and may read and write", () => {
    expect(parseApiKeyForm(form({ name: " Feed " }))).toEqual({
      success: true,
      data: { name: "Feed", expiresInDays: null, scope: "read_write" },
    });
  });

  it("accepts only the offered expiries and scopes", () => {
    expect(parseApiKeyForm(form({ name: "Feed", expiresInDays: "90", scope: "read" }))).toMatchObject({
      success: true,
      data: { expiresInDays: 90, scope: "read" },
    });
    expect(parseApiKeyForm(form({ name: "Feed", expiresInDays: "9999" })).success).toBe(false);
    expect(parseApiKeyForm(form({ name: "Feed", scope: "admin" })).success).toBe(false);
  });

  it("reads a roll's overlap from the offered choices only", () => {
    expect(parseOverlapHours("24")).toBe(24);
    expect(parseOverlapHours("0")).toBe(0);
    expect(parseOverlapHours("100000")).toBeNull();
  });
});
