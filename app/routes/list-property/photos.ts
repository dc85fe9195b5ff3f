import type { Route } from "./+types/photos";
import { imageUploadAction, postOnly } from "~/app/http/image-upload.server";
import { database, services } from "~/lib/request-context";
import { saveListingPhoto } from "~/modules/media/listing-photos.server";

/**
 * POST /list-property/photos (multipart, one image in the field `file`): the listing form's photo
 * upload. The parent route's gate has answered anyone but a listing writer with 401 or 403 JSON.
 * Answers 201 `{ publicUrl, photo, analysis }` or `{ error }` (see `imageUploadAction`).
 */
export function action({ request, context }: Route.ActionArgs) {
  return imageUploadAction(request, context, {
    noun: "photo",
    save: async (viewer, bytes) => {
      const { storage, vision } = services(context);
      const { photo, analysis } = await saveListingPhoto(database(context), viewer.id, bytes, { storage, vision });
      return { publicUrl: photo.url, photo, analysis };
    },
  });
}

/** Nothing to show at this address: it only answers the uploader's POST. */
export function loader() {
  return postOnly("photo");
}
