import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";
import { FEATURED_IMAGE_SIZE, featuredImageSrcSet } from "~/modules/blog/post-format";

export interface PostImageProps {
  src: string | null;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Above the fold (post page): load at once with high priority. Otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/**
 * A post's featured image at a fixed 1200 × 630 intrinsic size (no layout shift), or a gradient
 * placeholder when the post has none. Decorative: the post title is always next to it.
 */
export function PostImage({ src, sizes, priority = false, className }: PostImageProps) {
  if (!src) {
    return (
      <div
        aria-hidden
        className={cn(
          "flex aspect-[40/21] w-full items-center justify-center bg-gradient-to-br from-secondary via-slate-700 to-primary/90",
          className,
        )}
      >
        <Icon name="newspaper" className="size-12 stroke-[1.5] text-white/40" />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={featuredImageSrcSet(src)}
      sizes={sizes}
      alt=""
      width={FEATURED_IMAGE_SIZE.width}
      height={FEATURED_IMAGE_SIZE.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      className={cn("aspect-[40/21] w-full bg-muted object-cover", className)}
    />
  );
}
