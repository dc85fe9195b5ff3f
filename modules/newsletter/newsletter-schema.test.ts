import { describe, expect, it } from "vitest";
import { newsletterInput } from "~/modules/newsletter/newsletter-schema";
import { INVALID_EMAIL_MESSAGE } from "~/modules/newsletter/newsletter-text";

describe("newsletterInput", () => {
  it("trims and lower-cases the e-mail", () => {
    expect(newsletterInput.parse({ email: "  Jane.Doe@Example.COM ", source: "blog" })).toEqual({
      email: "jane.doe@example.com",
      source: "blog",
    });
  });

  it.each(["", "   ", "not-an-email", "a@b", "@example.com", "a b@example.com", "a@example..com", "<script>@x.co"])(
    "rejects %j",
    (email) => {
      const result = newsletterInput.safeParse({ email, source: "footer" });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INVALID_EMAIL_MESSAGE);
    },
  );

  it("rejects an address longer than 254 characters", () => {
    const email = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(60)}.com`;
    expect(email.length).toBeGreaterThan(254);
    expect(newsletterInput.safeParse({ email, source: "blog" }).success).toBe(false);
  });

  it("accepts only the blog and footer sources", () => {
    expect(newsletterInput.safeParse({ email: "a@example.com", source: "footer" }).success).toBe(true);
    expect(newsletterInput.safeParse({ email: "a@example.com", source: "admin" }).success).toBe(false);
    expect(newsletterInput.safeParse({ email: "a@example.com" }).success).toBe(false);
    expect(newsletterInput.safeParse({ email: 42, source: "blog" }).success).toBe(false);
  });
});
