import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import type { Route } from "./+types/posts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/app/components/ui/alert-dialog";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Pagination } from "~/app/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { adminAnswer, auditMeta } from "~/app/http/admin-answer.server";
import { gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { formText } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { database } from "~/lib/request-context";
import { POST_MESSAGES } from "~/app/content/post-messages";
import { statusFor } from "~/lib/http/refusal-status";
import { POST_REFUSAL_CODE } from "~/modules/blog/post-refusal-code";
import { ADMIN_PAGE_SIZES, deletePost, listPostsForStaff } from "~/modules/blog/post-write.server";

const PATH = "/admin/posts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Blog Post Management", description: "Blog posts, news and press.", path: PATH, noIndex: true },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = gatedViewer(context);
  const params = new URL(request.url).searchParams;
  const page = Math.max(1, Math.min(Number.parseInt(params.get("page") ?? "1", 10) || 1, 100_000));
  const pageSize = ADMIN_PAGE_SIZES[0];
  const result = await listPostsForStaff(database(context), viewer, { page, pageSize });
  if (!result.ok) throw new Response("Forbidden", { status: statusFor(POST_REFUSAL_CODE[result.reason]) });
  return {
    page,
    pageCount: Math.max(1, Math.ceil(result.total / pageSize)),
    posts: result.posts.map((post) => ({
      id: post.id,
      title: post.title,
      status: post.status,
      type: post.type,
      createdAt: post.createdAt.toISOString(),
      publishedAt: post.publishedAt?.toISOString() ?? null,
    })),
  };
}

/** `intent=delete` and `id`. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = gatedViewer(context);
  const form = await request.formData();
  if (formText(form, "intent") !== "delete") return adminAnswer(request, { ok: false, error: "Invalid request." }, 400);
  try {
    const result = await deletePost(database(context), viewer, formText(form, "id"), auditMeta(context));
    if (result.ok) return adminAnswer(request, { ok: true, message: POST_MESSAGES.deleted }, 200);
    return adminAnswer(
      request,
      { ok: false, error: result.reason === "not-found" ? POST_MESSAGES.notFound : POST_MESSAGES.deleteFailed },
      statusFor(POST_REFUSAL_CODE[result.reason]),
    );
  } catch (error) {
    logger.error({ err: error, userId: viewer.id }, "post delete failed");
    return adminAnswer(request, { ok: false, error: POST_MESSAGES.deleteFailed }, 500);
  }
}

const dateFormat = new Intl.DateTimeFormat("en-AU", { dateStyle: "medium", timeZone: "Australia/Melbourne" });
const TYPE_LABELS = { blog: "Blog", news: "News", press: "Press" } as const;

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { posts, page, pageCount } = loaderData;
  return (
    <section aria-labelledby="posts-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="posts-heading" className="font-display text-3xl font-bold text-slate-900">
          Blog Post Management
        </h1>
        <Link to="/admin/posts/new" className={buttonVariants()}>
          <Icon name="plus" /> New Post
        </Link>
      </div>
      <Table aria-label="Blog posts" stacked>
        <TableHeader>
          <TableRow>
            <TableHead>Title</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Published</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {posts.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6} spacing="xl" className="text-center text-slate-600">
                No posts yet.
              </TableCell>
            </TableRow>
          ) : (
            posts.map((post) => (
              <TableRow key={post.id}>
                <TableCell className="font-medium text-slate-900">{post.title}</TableCell>
                <TableCell label="Status">
                  <Badge variant={post.status === "published" ? "success" : "warning"}>{post.status}</Badge>
                </TableCell>
                <TableCell label="Type">{TYPE_LABELS[post.type]}</TableCell>
                <TableCell label="Created" className="whitespace-nowrap">
                  {dateFormat.format(new Date(post.createdAt))}
                </TableCell>
                <TableCell label="Published" className="whitespace-nowrap">
                  {post.publishedAt ? dateFormat.format(new Date(post.publishedAt)) : "-"}
                </TableCell>
                <TableCell label="Actions">
                  <div className="flex gap-1">
                    <Link
                      to={`/admin/posts/${post.id}`}
                      className={buttonVariants({ variant: "ghost", size: "icon" })}
                      aria-label={`Edit ${post.title}`}
                    >
                      <Icon name="pencil" />
                    </Link>
                    <DeletePostButton id={post.id} title={post.title} />
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination page={page} pageCount={pageCount} hrefForPage={(target) => `${PATH}?page=${target}`} />
    </section>
  );
}

function DeletePostButton({ id, title }: { id: string; title: string }) {
  const fetcher = useFetcher<{ ok: true; message: string } | { ok: false; error: string }>();
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) toast.success(POST_MESSAGES.deletedTitle, { description: result.message });
    else toast.error("Error", { description: result.error });
  }, [fetcher.data]);
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Delete ${title}`} disabled={fetcher.state !== "idle"}>
          <Icon name="trash" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this post?</AlertDialogTitle>
          <AlertDialogDescription>
            “{title}” will be removed from the blog. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => void fetcher.submit({ intent: "delete", id }, { method: "post", action: PATH })}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
