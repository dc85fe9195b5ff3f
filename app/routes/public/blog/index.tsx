import { useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { PostCard, type PostCardData } from "~/app/components/blog/post-card";
import { PostPageSkeleton } from "~/app/components/blog/post-page-skeleton";
import { NewsletterForm } from "~/app/components/newsletter/newsletter-form";
import { cn } from "~/app/components/ui/cn";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { publicReads } from "~/app/http/viewer.server";
import { services } from "~/lib/request-context";
import { featuredPosts, latestPosts } from "~/modules/blog/blog-queries.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { storage } = services(context);
  const [featured, latest] = await Promise.all([
    featuredPosts(publicReads(context), storage),
    latestPosts(publicReads(context), storage),
  ]);
  return { featured, latest };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Blog",
      description:
        "Guides to renting a furnished room in Melbourne: choosing a suburb, bonds and rental law, share-house life and getting around without a car.",
      path: "/blog",
    },
    rootMetaData(matches),
  );
}

/** True while the router loads a blog post (a card was opened): the page shows the post skeleton. */
function useOpeningPost(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.state === "loading" ? navigation.location.pathname : undefined;
  return Boolean(pending?.startsWith("/blog/") && pending !== location.pathname);
}

function PostSection({
  id,
  title,
  posts,
  featured = false,
}: {
  id: string;
  title: string;
  posts: PostCardData[];
  featured?: boolean;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <h2 id={id} className="font-display text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {posts.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No posts yet. Check back soon.</p>
      ) : (
        <ul
          aria-labelledby={id}
          className={cn("mt-8 grid gap-6", featured ? "md:grid-cols-2 lg:gap-8" : "sm:grid-cols-2 lg:grid-cols-4")}
        >
          {posts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} featured={featured} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function BlogIndexPage({ loaderData }: Route.ComponentProps) {
  const openingPost = useOpeningPost();
  if (openingPost) return <PostPageSkeleton />;
  const { featured, latest } = loaderData;

  return (
    <>
      <section className="relative isolate overflow-hidden bg-secondary pt-28 pb-14 text-white sm:pt-36 sm:pb-20">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(194,65,12,0.35),transparent_55%)]"
        />
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-orange-300 uppercase">Laneway Rooms Blog</p>
          <h1 className="mt-3 max-w-3xl font-display text-4xl font-bold tracking-tight sm:text-5xl">
            Renting tips and Melbourne guides
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-300">
            Suburb guides, your rights as a room renter, share-house life and news from the team, for anyone staying in
            Melbourne for a few months or more.
          </p>
        </div>
      </section>

      <div className="space-y-16 py-14 sm:space-y-20 sm:py-20">
        <PostSection id="featured-posts" title="Featured Posts" posts={featured} featured />
        <PostSection id="latest-posts" title="Latest Posts" posts={latest} />

        <section aria-labelledby="blog-newsletter" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="grid gap-8 rounded-3xl bg-secondary px-6 py-10 text-white sm:px-10 sm:py-12 lg:grid-cols-2 lg:items-center">
            <div>
              <h2 id="blog-newsletter" className="font-display text-3xl font-bold tracking-tight">
                Subscribe to our newsletter
              </h2>
              <p className="mt-3 text-slate-300">
                New rooms, renting tips and Melbourne guides in your inbox, once a month. Unsubscribe at any time.
              </p>
            </div>
            <NewsletterForm source="blog" inputId="blog-newsletter-email" variant="blog" />
          </div>
        </section>
      </div>
    </>
  );
}
