import { describe, expect, it } from "vitest";
import { statusFor } from "~/lib/http/refusal-status";
import { IMAGE_PROBLEM_CODE } from "~/modules/media/image-refusal-code";

describe("image problems over HTTP", () => {
  it("answer an image over the size limit 413, a file that is not an image 415, too many pixels 422", () => {
    expect(statusFor(IMAGE_PROBLEM_CODE.tooLarge)).toBe(413);
    expect(statusFor(IMAGE_PROBLEM_CODE.notAnImage)).toBe(415);
    expect(statusFor(IMAGE_PROBLEM_CODE.tooManyPixels)).toBe(422);
  });
});
