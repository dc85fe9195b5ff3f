import { Badge } from "~/app/components/ui/badge";
import { cn } from "~/app/components/ui/cn";
import { POST_TYPE_LABELS, type PostType } from "~/modules/blog/post-format";

const TYPE_STYLES: Record<PostType, string> = {
  blog: "bg-orange-100 text-orange-900",
  news: "bg-sky-100 text-sky-900",
  press: "bg-violet-100 text-violet-900",
};

/** Blog, News or Press. */
export function PostTypeBadge({ type, className }: { type: PostType; className?: string }) {
  return (
    <Badge variant="tinted" className={cn(TYPE_STYLES[type], className)}>
      {POST_TYPE_LABELS[type]}
    </Badge>
  );
}
