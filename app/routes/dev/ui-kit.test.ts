import { describe, expect, it } from "vitest";
import type { Route } from "./+types/ui-kit";
import { loader } from "~/app/routes/dev/ui-kit";

const args = (url: string) => ({ request: new Request(url) }) as Route.LoaderArgs;

describe("ui kit loader", () => {
  it("serves the page, clamping the page number", () => {
    expect(loader(args("http://localhost/dev/ui"))).toEqual({ page: 1, moveIn: null });
    expect(loader(args("http://localhost/dev/ui?page=7&moveIn=2026-11-21"))).toEqual({ page: 7, moveIn: "2026-11-21" });
    expect(loader(args("http://localhost/dev/ui?page=999")).page).toBe(20);
    expect(loader(args("http://localhost/dev/ui?page=abc")).page).toBe(1);
  });
});
