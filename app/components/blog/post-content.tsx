import { cn } from "~/app/components/ui/cn";
import type { SanitizedHtml } from "~/modules/blog/sanitize-html";

/** Typography for post HTML (the allow-listed tags only), written out instead of a plugin. */
const PROSE = [
  "max-w-[68ch] text-[1.0625rem] leading-8 text-slate-700",
  "[&>*:first-child]:mt-0",
  "[&_p]:mt-5",
  "[&_h2]:mt-12 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:leading-tight [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 sm:[&_h2]:text-3xl",
  "[&_h3]:mt-10 [&_h3]:text-xl [&_h3]:leading-snug [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_h4]:mt-8 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-slate-900",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul_li]:marker:text-primary",
  "[&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ol_li]:marker:font-semibold [&_ol_li]:marker:text-slate-500",
  "[&_li>p]:mt-0 [&_li_ul]:mt-2 [&_li_ol]:mt-2",
  "[&_strong]:font-semibold [&_strong]:text-slate-900 [&_b]:font-semibold [&_b]:text-slate-900",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:decoration-primary/40 [&_a]:underline-offset-4 hover:[&_a]:decoration-primary",
  "[&_blockquote]:mt-8 [&_blockquote]:border-l-4 [&_blockquote]:border-primary [&_blockquote]:bg-orange-50/60 [&_blockquote]:py-4 [&_blockquote]:pr-5 [&_blockquote]:pl-6 [&_blockquote]:font-display [&_blockquote]:text-xl [&_blockquote]:leading-relaxed [&_blockquote]:text-slate-800 [&_blockquote]:italic [&_blockquote_p]:mt-0",
  "[&_hr]:my-12 [&_hr]:border-slate-200",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] [&_code]:text-slate-800",
  "[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit",
  "[&_img]:mt-8 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
  "[&_figure]:mt-8 [&_figure_img]:mt-0 [&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-muted-foreground",
].join(" ");

/**
 * A post's body. Accepts only {@link SanitizedHtml} (from sanitizeHtml, run on the server when the
 * page renders), so nothing unsanitized can be put on the page through it.
 */
export function PostContent({ html, className }: { html: SanitizedHtml; className?: string }) {
  return <div className={cn(PROSE, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
