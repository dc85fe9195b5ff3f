import { data, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/post";
import { Icon } from "~/app/components/ui/icon";
import { PostContent } from "~/app/components/blog/post-content";
import { PostImage } from "~/app/components/blog/post-image";
import { PostPageSkeleton } from "~/app/components/blog/post-page-skeleton";
import { PostTypeBadge } from "~/app/components/blog/post-type-badge";
import { StatusPage } from "~/app/components/layout/status-page";
import { pageMeta, rootMetaData, summarise } from "~/app/seo/meta";
import { publicReads } from "~/app/http/viewer.server";
import { services } from "~/lib/request-context";
import { findPublishedPost } from "~/modules/blog/blog-queries.server";
import { formatPostDate, postDateAttribute } from "~/modules/blog/post-format";

const NOT_FOUND_TITLE = "Blog Post Not Found";
const NOT_FOUND_MESSAGE = "The blog post you're looking for doesn't exist or has been removed.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await findPublishedPost(publicReads(context), services(context).storage, params.slug);
  if (!post) return data({ post: null }, { status: 404 });
  return { post };
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const site = rootMetaData(matches);
  const post = loaderData?.post;
  if (!post) {
    return pageMeta(
      { title: NOT_FOUND_TITLE, description: NOT_FOUND_MESSAGE, path: `/blog/${params.slug}`, noIndex: true },
      site,
    );
  }
  return pageMeta(
    {
      title: post.title,
      description: post.excerpt || summarise(post.content.replace(/<[^>]*>/g, " ")),
      path: `/blog/${post.slug}`,
      type: "article",
      image: post.featuredImage,
      imageAlt: post.featuredImage ? post.title : undefined,
    },
    site,
  );
}

/** True while the router loads another blog post from this one. */
function useOpeningOtherPost(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.state === "loading" ? navigation.location.pathname : undefined;
  return Boolean(pending?.startsWith("/blog/") && pending !== location.pathname);
}

function BackToBlog({ className }: { className?: string }) {
  return (
    <Link to="/blog" className={`inline-flex items-center gap-2 rounded text-sm font-semibold ${className ?? ""}`}>
      <Icon name="arrow-left" className="size-4" />
      Back to blog
    </Link>
  );
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const openingOther = useOpeningOtherPost();
  if (openingOther) return <PostPageSkeleton />;
  const { post } = loaderData;
  if (!post) return <StatusPage code={404} title={NOT_FOUND_TITLE} message={NOT_FOUND_MESSAGE} />;

  return (
    <article>
      <header className="bg-secondary pt-28 pb-12 text-white sm:pt-32 sm:pb-16">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <BackToBlog className="text-slate-300 hover:text-white" />
          <div className="mt-6 flex flex-wrap items-center gap-3 text-sm text-slate-300">
            <PostTypeBadge type={post.type} />
            <time dateTime={postDateAttribute(post.publishedAt)}>{formatPostDate(post.publishedAt)}</time>
          </div>
          <h1 className="mt-4 font-display text-3xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
            {post.title}
          </h1>
          {post.excerpt && <p className="mt-5 max-w-3xl text-lg text-slate-300">{post.excerpt}</p>}
        </div>
      </header>

      <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6 lg:px-8">
        {post.featuredImage && (
          <PostImage
            src={post.featuredImage}
            sizes="(min-width: 896px) 832px, 100vw"
            priority
            className="mt-8 rounded-2xl shadow-lg sm:-mt-8"
          />
        )}
        <PostContent html={post.content} className="mt-10 sm:mt-12" />
        <div className="mt-14 border-t pt-8">
          <BackToBlog className="text-primary hover:text-primary-hover" />
        </div>
      </div>
    </article>
  );
}
