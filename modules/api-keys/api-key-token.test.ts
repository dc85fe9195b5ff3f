import { getRandomValues } from "node:crypto";
import { describe, expect, it } from "vitest";
import { API_KEY_LENGTH, generateApiKey, isWellFormedApiKey } from "~/modules/api-keys/api-key-token";

const random = (length: number) => getRandomValues(new Uint8Array(length));

describe("API key format", () => {
  it("is lr_live_, 30 random base62 characters (over 128 bits) and a 6-character checksum", () => {
    const key = generateApiKey(random);
    expect(key).toMatch(/^lr_live_[0-9A-Za-z]{36}$/);
    expect(key).toHaveLength(API_KEY_LENGTH);
    // 30 characters of 62 symbols each.
    expect(30 * Math.log2(62)).toBeGreaterThan(128);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(generateApiKey(random)).not.toBe(key);
  });

  it("refuses look-alikes: a changed character, a wrong prefix or length, odd characters", () => {
    const key = generateApiKey(random);
    const flipped = key.slice(0, 20) + (key[20] === "a" ? "b" : "a") + key.slice(21);
    expect(isWellFormedApiKey(flipped)).toBe(false);
    expect(isWellFormedApiKey(key.replace("lr_live_", "lr_test_"))).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key.slice(0, -2)}-_`)).toBe(false);
    expect(isWellFormedApiKey("")).toBe(false);
  });

  it("draws characters without bias even from a source of only high bytes", () => {
    let calls = 0;
    const skewed = (length: number) => {
      calls++;
      return calls === 1 ? new Uint8Array(length).fill(255) : random(length);
    };
    expect(isWellFormedApiKey(generateApiKey(skewed))).toBe(true);
    expect(calls).toBeGreaterThan(1);
  });
});
