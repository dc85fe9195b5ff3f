import { describe, expect, it } from "vitest";
import { formText } from "~/lib/form-data";

describe("formText", () => {
  it("reads text, and a missing field or a file as an empty string", () => {
    const form = new FormData();
    form.set("name", "Mia");
    form.set("upload", new File(["x"], "x.txt"));
    expect(formText(form, "name")).toBe("Mia");
    expect(formText(form, "missing")).toBe("");
    expect(formText(form, "upload")).toBe("");
  });
});
