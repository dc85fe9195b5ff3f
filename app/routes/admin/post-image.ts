import type { Route } from "./+types/post-image";
import { imageUploadAction, postOnly } from "~/app/http/image-upload.server";
import { database, services } from "~/lib/request-context";
import { uploadPostImage } from "~/modules/blog/post-image.server";

/**
 * POST /admin/posts/image (multipart, one image in the field `file`): the post editor's featured
 * image. The admin gate has already sent anyone but staff and admins away. Answers 201
 * `{ publicUrl }` or `{ error }` (see `imageUploadAction`).
 */
export function action({ request, context }: Route.ActionArgs) {
  return imageUploadAction(request, context, {
    noun: "image",
    save: async (viewer, bytes) => {
      const result = await uploadPostImage(database(context), viewer, bytes, { storage: services(context).storage });
      return result.ok ? { publicUrl: result.url } : null;
    },
  });
}

/** Nothing to show at this address: it only answers the editor's POST. */
export function loader() {
  return postOnly("image");
}
