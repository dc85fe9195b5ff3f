import { describe, expect, it } from "vitest";
import { checkAuthLimit, clearAccountLimit } from "~/modules/auth/auth-limits.server";

describe("auth limits", () => {
  it("limits one account across many addresses, case-insensitively", () => {
    const results = Array.from({ length: 11 }, (_, index) =>
      checkAuthLimit("signIn", `203.0.113.${index}`, index % 2 ? "Target@Example.com" : "target@example.com"),
    );
    expect(results.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(results[10]).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it("limits one address across many accounts", () => {
    const results = Array.from({ length: 31 }, (_, index) =>
      checkAuthLimit("emailRequest", "198.51.100.99", `person${index}@example.com`),
    );
    expect(results.filter((result) => result === null)).toHaveLength(30);
    expect(results[30]).toContain("Too many attempts");
  });

  it("keeps each kind of step separate", () => {
    for (let attempt = 0; attempt < 3; attempt++) checkAuthLimit("signUp", "192.0.2.1", "new@example.com");
    expect(checkAuthLimit("signUp", "192.0.2.1", "new@example.com")).not.toBeNull();
    expect(checkAuthLimit("signIn", "192.0.2.1", "new@example.com")).toBeNull();
  });

  it("a successful sign-in clears the account's count", () => {
    for (let attempt = 0; attempt < 10; attempt++) checkAuthLimit("signIn", `192.0.2.${attempt}`, "owner@example.com");
    clearAccountLimit("signIn", "Owner@example.com");
    expect(checkAuthLimit("signIn", "192.0.2.50", "owner@example.com")).toBeNull();
  });
});
