import { useEffect, useRef, useState } from "react";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import { Button } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { POST_IMAGE_UPLOAD_PATH, type PostImageUploadResult } from "~/modules/blog/post-image-upload";
import { LISTING_PHOTO_ERRORS, MAX_LISTING_PHOTO_BYTES } from "~/modules/media/listing-photo-upload";

interface FeaturedImageFieldProps {
  name: string;
  defaultValue: string;
  maxLength: number;
  error?: string;
  /** With script: the upload button (the address field works without). */
  hydrated: boolean;
  onEdit: () => void;
  /** Told when an upload starts and ends: the post waits for it, so it is never saved without the image. */
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * The post's featured image: an https:// address typed in, or an image uploaded through the photo
 * pipeline, whose address then fills the field. The post links the upload when it is saved.
 */
export function FeaturedImageField({
  name,
  defaultValue,
  maxLength,
  error,
  hydrated,
  onEdit,
  onUploadingChange,
}: FeaturedImageFieldProps) {
  const [value, setValue] = useState(defaultValue);
  const [uploading, setUploading] = useState(false);
  useEffect(() => onUploadingChange(uploading), [onUploadingChange, uploading]);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = `post-${name}`;

  async function upload(file: File) {
    if (file.size > MAX_LISTING_PHOTO_BYTES) {
      toast.error("Error", { description: LISTING_PHOTO_ERRORS.tooLarge });
      return;
    }
    setUploading(true);
    try {
      const form = new FormData();
      form.set("file", file);
      const response = await fetch(POST_IMAGE_UPLOAD_PATH, { method: "POST", body: form, redirect: "manual" });
      const result = (await response.json().catch(() => null)) as PostImageUploadResult | null;
      if (response.status === 201 && result && "publicUrl" in result) {
        setValue(result.publicUrl);
        onEdit();
        toast.success("Image uploaded");
      } else {
        const message = result && "error" in result ? result.error : "The image could not be uploaded.";
        toast.error("Error", { description: message });
      }
    } catch {
      toast.error("Error", { description: "The image could not be uploaded." });
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <FormField id={id} label="Featured Image URL" error={error}>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id={id}
          name={name}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            onEdit();
          }}
          placeholder="https://… or upload an image"
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="flex-1"
        />
        {hydrated && (
          <>
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              className="sr-only"
              tabIndex={-1}
              aria-label="Featured image file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            <Button type="button" variant="outline" disabled={uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? <Icon name="loader-circle" className="animate-spin" /> : <Icon name="image-up" />}
              {uploading ? "Uploading..." : "Upload image"}
            </Button>
          </>
        )}
      </div>
      {value && !error && <img src={value} alt="" className="mt-1 max-h-48 rounded-md border object-cover" />}
    </FormField>
  );
}
