import { Link } from "react-router";
import { PostImage } from "~/app/components/blog/post-image";
import { PostTypeBadge } from "~/app/components/blog/post-type-badge";
import { cn } from "~/app/components/ui/cn";
import { formatPostDate, postDateAttribute, type PostType } from "~/modules/blog/post-format";

export interface PostCardData {
  title: string;
  slug: string;
  excerpt: string | null;
  featuredImage: string | null;
  type: PostType;
  publishedAt: string;
}

/**
 * A post on the blog index: image (lazy), type, date, title, excerpt. The title links to the
 * post and its hit area covers the whole card.
 */
export function PostCard({ post, featured = false }: { post: PostCardData; featured?: boolean }) {
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition-shadow",
        "focus-within:ring-2 focus-within:ring-primary hover:shadow-md",
      )}
    >
      <PostImage
        src={post.featuredImage}
        sizes={
          featured
            ? "(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
            : "(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
        }
        className="transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
      />
      <div className={cn("flex flex-1 flex-col", featured ? "gap-3 p-6 sm:p-7" : "gap-2 p-5")}>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <PostTypeBadge type={post.type} />
          <time dateTime={postDateAttribute(post.publishedAt)}>{formatPostDate(post.publishedAt)}</time>
        </div>
        <h3
          className={cn(
            "font-display font-bold tracking-tight text-slate-900",
            featured ? "text-2xl sm:text-3xl" : "text-lg leading-snug",
          )}
        >
          <Link
            to={`/blog/${post.slug}`}
            prefetch="intent"
            className="rounded outline-none group-hover:text-primary after:absolute after:inset-0 after:content-['']"
          >
            {post.title}
          </Link>
        </h3>
        {post.excerpt && (
          <p className={cn("text-muted-foreground", featured ? "line-clamp-3 text-base" : "line-clamp-3 text-sm")}>
            {post.excerpt}
          </p>
        )}
        <p aria-hidden className="mt-auto pt-2 text-sm font-semibold text-primary">
          Read more →
        </p>
      </div>
    </article>
  );
}
