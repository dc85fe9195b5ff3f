import type { RefusalCode } from "~/lib/refusal-code";
import type { ImageProblem } from "~/modules/media/internal/image-decode.server";

/** What kind of refusal each problem with an uploaded image is. */
export const IMAGE_PROBLEM_CODE: Record<ImageProblem, RefusalCode> = {
  tooLarge: "TOO_LARGE",
  notAnImage: "UNSUPPORTED_MEDIA_TYPE",
  tooManyPixels: "UNPROCESSABLE",
};
