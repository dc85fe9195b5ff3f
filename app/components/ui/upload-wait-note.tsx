import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";

/**
 * Beside a form's submit button, which stays disabled while an upload the form carries is
 * unfinished: why it waits. Always rendered (empty when nothing is uploading), so screen readers
 * announce the reason as soon as an upload starts. Point the button's `aria-describedby` at `id`.
 */
export function UploadWaitNote({ id, message, className }: { id: string; message: string | null; className?: string }) {
  return (
    <p
      id={id}
      role="status"
      className={cn("flex items-start gap-2 text-sm text-amber-900", !message && "sr-only", className)}
    >
      {message && (
        <>
          <Icon name="loader-circle" className="mt-0.5 size-4 shrink-0 animate-spin motion-reduce:animate-none" />
          <span>{message}</span>
        </>
      )}
    </p>
  );
}
