import { readFileSync } from "node:fs";
import type { LucideIcon } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon } from "~/app/components/ui/icon";
import { ICON_NAMES } from "~/app/components/ui/icon-names";
import { SPRITE_FILE, iconSprite } from "~/tools/generate-icon-sprite";

const committed = readFileSync(SPRITE_FILE, "utf8");

/** The `<symbol>` elements of a sprite, by id. */
function symbols(sprite: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, id = "", body = ""] of sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)) {
    expect(found.has(id), `symbol ${id} appears once`).toBe(false);
    found.set(id, body);
  }
  return found;
}

/** The attributes of the first element of some markup. */
function attributes(markup: string): Record<string, string> {
  const tag = /^<\w+([^>]*)>/.exec(markup)?.[1] ?? "";
  return Object.fromEntries(
    [...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name = "", value = ""]) => [name, value]),
  );
}

describe("icon sprite", () => {
  it("is what tools/generate-icon-sprite.ts writes for ICON_NAMES (run it after changing the list)", async () => {
    expect(await iconSprite(ICON_NAMES)).toBe(committed);
  });

  it("has exactly one symbol for each icon name, and no others", () => {
    expect(new Set(ICON_NAMES).size).toBe(ICON_NAMES.length);
    expect([...symbols(committed).keys()].sort()).toEqual([...ICON_NAMES].sort());
  });

  it("holds the shapes lucide-react draws for each icon", async () => {
    const sprite = symbols(committed);
    for (const name of ICON_NAMES) {
      const { default: LucideComponent } = (await import(`lucide-react/icons/${name}`)) as { default: LucideIcon };
      const inner = renderToStaticMarkup(<LucideComponent />)
        .replace(/^<svg[^>]*>/, "")
        .replace(/<\/svg>$/, "")
        .replace(/><\/\w+>/g, "/>");
      expect(sprite.get(name), name).toBe(inner);
    }
  });
});

describe("Icon", () => {
  it("draws the sprite's symbol in an svg with the lucide class and the caller's classes, no presentation attributes", () => {
    const html = renderToStaticMarkup(<Icon name="heart" className="size-5 fill-red-600 stroke-3" />);
    expect(attributes(html)).toEqual({ class: "lucide size-5 fill-red-600 stroke-3", "aria-hidden": "true" });
    expect(html).toMatch(/<use href="[^"]*icons[^"]*\.svg#heart"><\/use><\/svg>$/);
    expect(attributes(renderToStaticMarkup(<Icon name="search" />)).class).toBe("lucide");
  });

  it("gets lucide's size and stroke from the stylesheet, as lucide-react sets them as attributes", async () => {
    const { default: Heart } = (await import("lucide-react/icons/heart")) as { default: LucideIcon };
    const lucide = attributes(renderToStaticMarkup(<Heart />));
    const rule = /svg\.lucide \{([^}]*)\}/.exec(readFileSync("app/app.css", "utf8"))?.[1] ?? "";
    const declarations = Object.fromEntries(
      rule
        .split(";")
        .map((declaration) => declaration.split(":").map((part) => part.trim()))
        .filter(([property]) => property),
    );
    expect(declarations).toEqual({
      width: `${lucide.width}px`,
      height: `${lucide.height}px`,
      fill: lucide.fill,
      stroke: lucide.stroke,
      "stroke-width": lucide["stroke-width"],
      "stroke-linecap": lucide["stroke-linecap"],
      "stroke-linejoin": lucide["stroke-linejoin"],
    });
  });

  it("is hidden from assistive tech unless the caller labels it, as lucide's icons are", () => {
    expect(attributes(renderToStaticMarkup(<Icon name="search" />))["aria-hidden"]).toBe("true");
    const labelled = attributes(renderToStaticMarkup(<Icon name="search" aria-label="Search" />));
    expect(labelled["aria-hidden"]).toBeUndefined();
    expect(labelled["aria-label"]).toBe("Search");
    expect(attributes(renderToStaticMarkup(<Icon name="search" role="img" />))["aria-hidden"]).toBeUndefined();
  });
});
