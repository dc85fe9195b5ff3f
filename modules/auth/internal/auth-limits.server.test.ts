import { describe, expect, it } from "vitest";
import {
  checkAuthLimit,
  claimCeilingNotice,
  clearAccountLimit,
  countAuthAttempt,
} from "~/modules/auth/internal/auth-limits.server";

const TOO_MANY = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;

describe("auth limits", () => {
  it("stops guesses at one account from one address, case-insensitively, without locking the owner out elsewhere", async () => {
    const results = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      results.push(
        await checkAuthLimit("signIn", "203.0.113.7", attempt % 2 ? "Target@Example.com" : "target@example.com"),
      );
    }
    expect(results.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(results[10]).toMatch(TOO_MANY);
    expect(await checkAuthLimit("signIn", "198.51.100.20", "target@example.com")).toBeNull();
  });

  it("counts an IPv6 client by its /64", async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(
        await checkAuthLimit("signIn", `2001:db8:1:2::${(attempt + 1).toString(16)}`, "v6@example.com"),
      ).toBeNull();
    }
    expect(await checkAuthLimit("signIn", "2001:db8:1:2:ffff::1", "v6@example.com")).toMatch(TOO_MANY);
    expect(await checkAuthLimit("signIn", "2001:db8:1:3::1", "v6@example.com")).toBeNull();
  });

  it("has a per-account ceiling that stops guessing spread over many addresses", async () => {
    const results = [];
    for (let attempt = 0; attempt < 101; attempt++) {
      results.push(await checkAuthLimit("signIn", `192.0.2.${attempt}`, "spread@example.com"));
    }
    expect(results.filter((result) => result === null)).toHaveLength(100);
    expect(results[100]).toMatch(TOO_MANY);
  });

  it("says when the account's ceiling is what refused, not a single address's count", async () => {
    for (let attempt = 0; attempt < 10; attempt++) await countAuthAttempt("signIn", "203.0.113.9", "flag@example.com");
    expect(await countAuthAttempt("signIn", "203.0.113.9", "flag@example.com")).toMatchObject({
      accountCeiling: false,
    });
    for (let attempt = 0; attempt < 89; attempt++) {
      expect(await countAuthAttempt("signIn", `192.0.2.${attempt}`, "flag@example.com")).toBeNull();
    }
    expect(await countAuthAttempt("signIn", "198.51.100.1", "flag@example.com")).toEqual({
      message: expect.stringMatching(TOO_MANY) as string,
      accountCeiling: true,
    });
  });

  it("claims the owner's warning once per account and window", async () => {
    expect(await claimCeilingNotice("warned@example.com")).toBe(true);
    expect(await claimCeilingNotice("Warned@Example.com")).toBe(false);
    expect(await claimCeilingNotice("other@example.com")).toBe(true);
  });

  it("limits one address across many accounts", async () => {
    const results = [];
    for (let index = 0; index < 31; index++) {
      results.push(await checkAuthLimit("emailRequest", "198.51.100.99", `person${index}@example.com`));
    }
    expect(results.filter((result) => result === null)).toHaveLength(30);
    expect(results[30]).toContain("Too many attempts");
  });

  it("keeps each kind of step separate", async () => {
    for (let attempt = 0; attempt < 3; attempt++) await checkAuthLimit("signUp", "192.0.2.1", "new@example.com");
    expect(await checkAuthLimit("signUp", "192.0.2.1", "new@example.com")).not.toBeNull();
    expect(await checkAuthLimit("signIn", "192.0.2.1", "new@example.com")).toBeNull();
  });

  it("a successful sign-in clears the count from that address", async () => {
    for (let attempt = 0; attempt < 10; attempt++) await checkAuthLimit("signIn", "198.51.100.7", "owner@example.com");
    await clearAccountLimit("signIn", "Owner@example.com", "198.51.100.7");
    expect(await checkAuthLimit("signIn", "198.51.100.7", "owner@example.com")).toBeNull();
  });
});
