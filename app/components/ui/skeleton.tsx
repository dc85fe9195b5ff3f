import type { ComponentProps } from "react";
import { cn } from "~/app/components/ui/cn";

/** A loading placeholder; hidden from assistive tech, so mark the loading region with aria-busy instead. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
