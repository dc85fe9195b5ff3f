import { describe, expect, it } from "vitest";
import { classConflicts } from "./class-conflicts";

describe("classConflicts", () => {
  it("flags two utilities for the same property, naming the one that loses", () => {
    expect(classConflicts(["h-10 h-9"])).toEqual([{ classList: "h-10 h-9", dropped: ["h-10"] }]);
    expect(classConflicts(["inline-flex h-10 px-5 text-sm px-3 text-xs"])).toEqual([
      { classList: "inline-flex h-10 px-5 text-sm px-3 text-xs", dropped: ["px-5", "text-sm"] },
    ]);
    expect(classConflicts(["size-10 size-9"])[0]?.dropped).toEqual(["size-10"]);
    expect(classConflicts(["rounded-md rounded-full"])[0]?.dropped).toEqual(["rounded-md"]);
    expect(classConflicts(["text-foreground text-sky-900"])[0]?.dropped).toEqual(["text-foreground"]);
    expect(classConflicts(["hover:bg-muted hover:bg-accent"])[0]?.dropped).toEqual(["hover:bg-muted"]);
  });

  it("passes lists whose utilities set different properties or apply under different conditions", () => {
    expect(classConflicts(["h-10 px-3", "px-3 max-sm:px-0 sm:px-4", "text-sm font-semibold text-primary"])).toEqual([]);
  });

  it("passes repeated classes and classes that are not Tailwind utilities", () => {
    expect(classConflicts(["flex flex items-center", "lucide lucide-heart size-4", "rdp-day_button"])).toEqual([]);
  });

  it("reports each distinct class list once", () => {
    expect(classConflicts(["h-10 h-9", "h-10 h-9", "h-10 px-3"])).toHaveLength(1);
  });
});
