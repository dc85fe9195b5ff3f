import { describe, expect, it } from "vitest";
import { usesDarkHeaderText } from "~/app/components/layout/header-theme";

describe("usesDarkHeaderText", () => {
  it.each(["/terms", "/privacy", "/cookies", "/terms/", "/admin", "/admin/users", "/settings/profile", "/x/settings"])(
    "is dark on %s",
    (path) => expect(usesDarkHeaderText(path)).toBe(true),
  );

  it.each(["/", "/search", "/about", "/listing/1", "/terms-and-more", "/blog/privacy-tips"])("is light on %s", (path) =>
    expect(usesDarkHeaderText(path)).toBe(false),
  );
});
