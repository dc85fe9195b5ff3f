import type { ComponentProps } from "react";
import type { IconName } from "~/app/components/ui/icon-names";
import sprite from "~/app/components/ui/icons.svg?url";

export type { IconName };

export type IconProps = Omit<ComponentProps<"svg">, "children"> & {
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
 * JavaScript. The outer `<svg>` has lucide's size, stroke and classes (`lucide lucide-<name>`), which
 * the symbol's shapes inherit: style it with `className` (`size-4`, `text-*`, `fill-*`) and
 * `strokeWidth` as before. Hidden from assistive tech unless given an `aria-*` attribute, a role or
 * a title.
 */
export function Icon({ name, className, ...props }: IconProps) {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
      aria-hidden={hasAccessibleProp(props) ? undefined : true}
      {...props}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
