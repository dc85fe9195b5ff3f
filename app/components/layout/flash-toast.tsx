import { useEffect } from "react";
import { toast } from "~/app/components/ui/toast";
import type { Notice } from "~/lib/notice";

/** Shows the notice a redirect carried (see lib/flash.server.ts) once, as a toast. */
export function FlashToast({ notice }: { notice: Notice | null }) {
  useEffect(() => {
    if (!notice) return;
    const show = notice.tone === "success" ? toast.success : notice.tone === "error" ? toast.error : toast.info;
    show(notice.title, { description: notice.description });
  }, [notice]);
  return null;
}
