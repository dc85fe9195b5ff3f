import type { ComponentProps } from "react";
import type { IconName } from "~/app/components/ui/icon-names";
import sprite from "~/app/components/ui/icons.svg?url";

export type { IconName };

/** Drawn by the stylesheet (`svg.lucide` in app.css): set them with classes (`size-*`, `fill-*`, `stroke-*`). */
type StyledByTheStylesheet =
  "width" | "height" | "viewBox" | "fill" | "stroke" | "strokeWidth" | "strokeLinecap" | "strokeLinejoin";

export type IconProps = Omit<ComponentProps<"svg">, "children" | StyledByTheStylesheet> & {
  /** Lucide's name for the icon (https://lucide.dev/icons), one of `ICON_NAMES`. */
  name: IconName;
};

/** True when the caller says something to assistive tech about the icon (lucide's rule). */
function hasAccessibleProp(props: object): boolean {
  return Object.entries(props).some(
    ([key, value]) => (key.startsWith("aria-") || key === "role" || key === "title") && value != null,
  );
}

/**
 * A lucide icon drawn from the icon sprite (`icons.svg`, a content-hashed file cached for a year),
 * so a page carries a `<use>` reference instead of the icon's paths and no icon data ships in the
 * JavaScript. The outer `<svg>` has the class `lucide`, which the stylesheet gives lucide's size and
 * stroke (once, instead of seven attributes on every icon of a page); the symbol's shapes inherit
 * them and scale to the svg. Style it with classes (`size-4`, `text-*`, `fill-*`, `stroke-3`).
 * Hidden from assistive tech unless given an `aria-*` attribute, a role or a title.
 */
export function Icon({ name, className, ...props }: IconProps) {
  return (
    <svg
      className={className ? `lucide ${className}` : "lucide"}
      aria-hidden={hasAccessibleProp(props) ? undefined : true}
      {...props}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
