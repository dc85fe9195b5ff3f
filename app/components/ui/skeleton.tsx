import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/app/components/ui/cn";

const skeletonVariants = cva("animate-pulse motion-reduce:animate-none", {
  variants: {
    rounded: { md: "rounded-md", xl: "rounded-xl", "2xl": "rounded-2xl", full: "rounded-full", none: "rounded-none" },
    /** `on-dark` for a placeholder on a dark band, such as a page's hero. */
    tone: { muted: "bg-muted", "on-dark": "bg-white/20" },
  },
  defaultVariants: { rounded: "md", tone: "muted" },
});

export type SkeletonProps = ComponentProps<"div"> & VariantProps<typeof skeletonVariants>;

/** A loading placeholder; hidden from assistive tech, so mark the loading region with aria-busy instead. */
export function Skeleton({ className, rounded, tone, ...props }: SkeletonProps) {
  return <div aria-hidden className={cn(skeletonVariants({ rounded, tone }), className)} {...props} />;
}
