import { describe, expect, it } from "vitest";
import { CONTACT_LIMITS, parseContact } from "~/modules/contact/contact-schema";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+61 (3) 9000-1234",
  message: "Is the Degraves Street room still free?\nI start work in March.",
};

function errorsFor(input: Record<string, unknown>) {
  const result = parseContact(input);
  if (result.success) throw new Error("expected the input to be refused");
  return result.errors;
}

describe("contact schema", () => {
  it("accepts a complete message, trimming the fields and keeping line breaks in the message", () => {
    const result = parseContact({ ...valid, firstName: "  Ada ", email: " ada@example.com " });
    expect(result).toEqual({ success: true, data: { ...valid, firstName: "Ada", email: "ada@example.com" } });
  });

  it("reads FormData, treating files as empty", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(valid)) form.set(name, value);
    expect(parseContact(form).success).toBe(true);
    form.set("message", new Blob(["x"]));
    expect(parseContact(form)).toMatchObject({ success: false, errors: { message: "Please enter your message." } });
  });

  it("requires all five fields, with one clear message each", () => {
    expect(errorsFor({})).toEqual({
      firstName: "Please enter your first name.",
      lastName: "Please enter your last name.",
      email: "Please enter your e-mail address.",
      phone: "Please enter your phone number.",
      message: "Please enter your message.",
    });
    expect(errorsFor({ ...valid, lastName: "   " })).toEqual({ lastName: "Please enter your last name." });
  });

  it("keeps the values sent, for re-filling the form", () => {
    const result = parseContact({ ...valid, email: "nope" });
    expect(result).toMatchObject({ success: false, values: { ...valid, email: "nope" } });
  });

  it.each(["nope", "a@", "@example.com", "a b@example.com", "ada@example"])("refuses the e-mail %j", (email) => {
    expect(errorsFor({ ...valid, email })).toEqual({
      email: "Please enter a valid e-mail address, like name@example.com.",
    });
  });

  it.each([
    ["firstName", "Ada\r\nBcc: victim@example.com", "Your first name must be on one line."],
    ["lastName", "Love\nlace", "Your last name must be on one line."],
    ["email", "ada@example.com\r\nBcc: victim@example.com", "Your e-mail address must be on one line."],
    ["phone", "9000\r1234", "Your phone number must be on one line."],
  ])("refuses a line break in %s (header injection)", (field, value, message) => {
    expect(errorsFor({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it("enforces the length limits", () => {
    const name = "x".repeat(CONTACT_LIMITS.name);
    expect(parseContact({ ...valid, firstName: name, lastName: name }).success).toBe(true);
    expect(errorsFor({ ...valid, firstName: `${name}x` })).toEqual({
      firstName: "Your first name must be at most 100 characters.",
    });
    expect(errorsFor({ ...valid, lastName: `${name}x` })).toEqual({
      lastName: "Your last name must be at most 100 characters.",
    });
    const message = "m".repeat(CONTACT_LIMITS.message);
    expect(parseContact({ ...valid, message }).success).toBe(true);
    expect(errorsFor({ ...valid, message: `${message}m` })).toEqual({
      message: "Your message must be at most 5,000 characters.",
    });
    expect(errorsFor({ ...valid, phone: `+61 ${"1 ".repeat(15)}` })).toHaveProperty("phone");
  });

  it.each(["03 9000 1234", "0412 345 678", "+61 412 345 678", "(03) 9000-1234", "+61.3.9000.1234"])(
    "accepts the phone %j",
    (phone) => {
      expect(parseContact({ ...valid, phone }).success).toBe(true);
    },
  );

  it.each(["call me", "12345", "03 9000 1234 ext 5", "<script>", "+61 3 9000 1234 5678 9012"])(
    "refuses the phone %j",
    (phone) => {
      expect(errorsFor({ ...valid, phone })).toEqual({
        phone: "Please enter a valid phone number: digits, spaces, brackets, dashes and a leading +.",
      });
    },
  );
});
