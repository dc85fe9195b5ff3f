import { lazy, Suspense, useState } from "react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import type { Route } from "./+types/post-editor";
import { FeaturedImageField } from "~/app/components/admin/featured-image-field";
import { PostContent } from "~/app/components/blog/post-content";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { NativeSelect } from "~/app/components/ui/native-select";
import { Textarea } from "~/app/components/ui/textarea";
import { useFormResult } from "~/app/components/ui/use-form-result";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { UploadWaitNote } from "~/app/components/ui/upload-wait-note";
import { auditMeta } from "~/app/http/admin-answer.server";
import { gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { redirectWithNotice } from "~/lib/flash.server";
import { formText } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { database, services } from "~/lib/request-context";
import {
  POST_FIELDS,
  POST_LIMITS,
  postFieldErrors,
  postInputSchema,
  postValuesFromForm,
  slugify,
  type PostFieldErrors,
} from "~/modules/blog/post-input";
import { POST_MESSAGES } from "~/app/content/post-messages";
import { statusFor } from "~/lib/http/refusal-status";
import { POST_REFUSAL_CODE } from "~/modules/blog/post-refusal-code";
import { createPost, getPostForStaff, updatePost } from "~/modules/blog/post-write.server";
import { sanitizePostHtml } from "~/modules/blog/post-html.server";
import type { SanitizedHtml } from "~/modules/blog/sanitize-html";

// Tiptap is only ever downloaded by this page.
const RichTextEditor = lazy(() => import("~/app/components/admin/rich-text-editor"));

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: loaderData?.post ? "Edit Post" : "New Post",
      description: "Write a blog post.",
      path: "/admin/posts",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = gatedViewer(context);
  if (!params.id) return { post: null };
  const result = await getPostForStaff(database(context), viewer, params.id);
  if (!result.ok) throw data(POST_MESSAGES.notFound, { status: statusFor(POST_REFUSAL_CODE[result.reason]) });
  const { post } = result;
  return {
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt ?? "",
      content: sanitizePostHtml(post.content, services(context).storage) as string,
      featuredImage: post.featuredImage ?? "",
      status: post.status,
      type: post.type,
    },
  };
}

type ActionResult =
  | { intent: "preview"; html: SanitizedHtml }
  | { intent: "save"; ok: false; error: string; fieldErrors: PostFieldErrors };

/** `intent=preview` answers the content as the blog will show it; `intent=save` creates or updates. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = gatedViewer(context);
  const form = await request.formData();
  if (formText(form, "intent") === "preview") {
    return {
      intent: "preview" as const,
      html: sanitizePostHtml(formText(form, "content").slice(0, POST_LIMITS.content), services(context).storage),
    };
  }
  const failed = params.id ? POST_MESSAGES.updateFailed : POST_MESSAGES.createFailed;
  const refuse = (status: number, fieldErrors: PostFieldErrors = {}, error: string = failed) =>
    data<ActionResult>({ intent: "save", ok: false, error, fieldErrors }, { status });
  try {
    const values = postValuesFromForm(form);
    const db = database(context);
    const { storage } = services(context);
    const result = params.id
      ? await updatePost(db, viewer, params.id, values, auditMeta(context), storage)
      : await createPost(db, viewer, values, auditMeta(context), storage);
    if (result.ok) {
      return redirectWithNotice("/admin/posts", {
        title: "Success",
        description: params.id ? POST_MESSAGES.updated : POST_MESSAGES.created,
        tone: "success",
      });
    }
    const status = statusFor(POST_REFUSAL_CODE[result.reason]);
    if ("fieldErrors" in result) return refuse(status, result.fieldErrors);
    return result.reason === "not-found" ? refuse(status, {}, POST_MESSAGES.notFound) : refuse(status);
  } catch (error) {
    logger.error({ err: error, userId: viewer.id }, "post save failed");
    return refuse(500);
  }
}

const EMPTY = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  featuredImage: "",
  status: "draft" as const,
  type: "blog" as const,
};

function checkInBrowser(values: FormData) {
  const parsed = postInputSchema.safeParse(postValuesFromForm(values));
  return parsed.success
    ? ({ success: true } as const)
    : ({ success: false, errors: postFieldErrors(parsed.error) } as const);
}

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const saved = loaderData.post ?? EMPTY;
  const editing = loaderData.post !== null;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saveResult = actionData?.intent === "save" ? actionData : undefined;
  const { formRef, errors, onSubmit, onEdit } = useFormResult({
    fields: POST_FIELDS,
    result: saveResult,
    errorsOf: (result) => result?.fieldErrors,
    announce(latest) {
      toast.error("Error", { description: latest.error });
    },
    check: checkInBrowser,
  });
  const [title, setTitle] = useState(saved.title);
  const [slug, setSlug] = useState(saved.slug);
  // A new post's slug follows its title until the slug is edited by hand.
  const [slugTouched, setSlugTouched] = useState(editing);
  const [content, setContent] = useState(saved.content);
  const preview = useFetcher<ActionResult>();
  const previewHtml = preview.data?.intent === "preview" ? preview.data.html : null;
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [imageUploading, setImageUploading] = useState(false);
  const submitLabel = editing ? "Update Post" : "Create Post";

  const fieldProps = (name: (typeof POST_FIELDS)[number]) => ({
    id: `post-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `post-${name}-error` : undefined,
    onInput: () => onEdit(name),
  });

  return (
    <section aria-labelledby="editor-heading" className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/posts" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Icon name="arrow-left" /> Back
        </Link>
        <h1 id="editor-heading" className="font-display text-3xl font-bold text-slate-900">
          {editing ? "Edit Post" : "New Post"}
        </h1>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        ref={formRef}
        onSubmit={(event) => {
          if (imageUploading) event.preventDefault();
          else onSubmit(event);
        }}
        noValidate
        className="space-y-5"
      >
        <input type="hidden" name="intent" value="save" />
        <FormField id="post-title" label="Title" error={errors.title}>
          <Input
            {...fieldProps("title")}
            required
            maxLength={POST_LIMITS.title}
            value={title}
            onChange={(event) => {
              setTitle(event.target.value);
              if (!slugTouched) {
                setSlug(slugify(event.target.value));
                onEdit("slug");
              }
            }}
          />
        </FormField>
        <FormField id="post-slug" label="Slug" error={errors.slug}>
          <Input
            {...fieldProps("slug")}
            required
            maxLength={POST_LIMITS.slug}
            value={slug}
            onChange={(event) => {
              setSlugTouched(true);
              setSlug(event.target.value);
            }}
          />
          <p className="text-xs text-slate-600">The post&apos;s address: /blog/{slug || "your-slug"}</p>
        </FormField>
        <FormField id="post-excerpt" label="Excerpt" error={errors.excerpt}>
          <Textarea {...fieldProps("excerpt")} rows={3} maxLength={POST_LIMITS.excerpt} defaultValue={saved.excerpt} />
        </FormField>
        <div className="space-y-2">
          <Label id="post-content-label" htmlFor="post-content">
            Content
          </Label>
          {hydrated ? (
            <>
              <input type="hidden" name="content" value={content} />
              <Suspense fallback={<div className="min-h-64 animate-pulse rounded-md border bg-slate-50" aria-hidden />}>
                <RichTextEditor
                  id="post-content"
                  initialHtml={saved.content}
                  invalid={Boolean(errors.content)}
                  describedBy={errors.content ? "post-content-error" : undefined}
                  onChange={(html) => {
                    setContent(html);
                    onEdit("content");
                  }}
                />
              </Suspense>
            </>
          ) : (
            <Textarea {...fieldProps("content")} rows={12} defaultValue={saved.content} />
          )}
          {errors.content && (
            <p id="post-content-error" className="text-sm font-medium text-destructive">
              {errors.content}
            </p>
          )}
          {hydrated && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={preview.state !== "idle"}
              onClick={() => void preview.submit({ intent: "preview", content }, { method: "post" })}
            >
              <Icon name="eye" /> Preview
            </Button>
          )}
        </div>
        {previewHtml !== null && (
          <section aria-label="Preview" className="rounded-md border bg-white p-5">
            <p className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Preview</p>
            {previewHtml ? <PostContent html={previewHtml} /> : <p className="text-slate-600">Nothing to preview.</p>}
          </section>
        )}
        <FeaturedImageField
          name="featuredImage"
          defaultValue={saved.featuredImage}
          maxLength={POST_LIMITS.featuredImage}
          error={errors.featuredImage}
          hydrated={hydrated}
          onEdit={() => onEdit("featuredImage")}
          onUploadingChange={setImageUploading}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="post-status" label="Status" error={errors.status}>
            <NativeSelect {...fieldProps("status")} defaultValue={saved.status} className="w-full">
              <option value="draft">Draft</option>
              <option value="published">Published</option>
            </NativeSelect>
          </FormField>
          <FormField id="post-type" label="Type" error={errors.type}>
            <NativeSelect {...fieldProps("type")} defaultValue={saved.type} className="w-full">
              <option value="blog">Blog</option>
              <option value="news">News</option>
              <option value="press">Press</option>
            </NativeSelect>
          </FormField>
        </div>
        <div className="space-y-3 border-t pt-5">
          <UploadWaitNote
            id="featured-image-pending"
            className="justify-end text-right"
            message={
              imageUploading ? `The featured image is still uploading. ${submitLabel} is ready when it finishes.` : null
            }
          />
          <div className="flex flex-wrap justify-end gap-3">
            <Link to="/admin/posts" className={buttonVariants({ variant: "outline" })}>
              Cancel
            </Link>
            <Button
              type="submit"
              disabled={saving || imageUploading}
              aria-describedby={imageUploading ? "featured-image-pending" : undefined}
            >
              {submitLabel}
            </Button>
          </div>
        </div>
      </Form>
    </section>
  );
}

export function shouldRevalidate() {
  // The preview changes nothing the loader reads.
  return false;
}
