import type { Route } from "./+types/sanitize";
import { PostContent } from "~/app/components/blog/post-content";
import { sanitizeHtml } from "~/modules/blog/sanitize-html";
import { XSS_CORPUS } from "~/modules/blog/xss-corpus";

/**
 * A development page that renders hostile HTML through the blog sanitizer and the post content
 * component, so a browser test can check that none of it runs. Never served in production.
 */
export function loader() {
  return { samples: XSS_CORPUS.map((sample) => ({ name: sample.name, html: sanitizeHtml(sample.html) })) };
}

export function meta() {
  return [{ title: "Sanitizer check" }, { name: "robots", content: "noindex" }];
}

export default function SanitizeCheck({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="font-display text-3xl font-bold text-slate-900">Sanitizer check</h1>
        <p className="mt-2 text-muted-foreground">
          {loaderData.samples.length} hostile snippets, rendered through the blog post content component.
        </p>
        <ol className="mt-8 space-y-6" aria-label="Samples">
          {loaderData.samples.map((sample) => (
            <li key={sample.name} data-sample={sample.name} className="rounded-lg border p-4">
              <h2 className="text-sm font-semibold text-slate-500">{sample.name}</h2>
              <PostContent html={sample.html} className="mt-2" />
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
