import { useEffect, useRef } from "react";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import { Button } from "~/app/components/ui/button";

/** The backup codes, shown once, right after they are made (or a way out when they could not be read). */
export function BackupCodesPanel({ codes }: { codes: string[] | null }) {
  const heading = useRef<HTMLHeadingElement>(null);

  // Shown in place of the form just used: bring focus (and screen readers) here.
  useEffect(() => {
    heading.current?.focus();
  }, [codes]);

  async function copy() {
    if (!codes) return;
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success("Copied", { description: "The backup codes are on your clipboard.", duration: 2000 });
    } catch {
      toast.error("Error", { description: "Couldn't copy the codes. Select and copy them instead." });
    }
  }

  return (
    <section
      aria-labelledby="backup-codes-heading"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h3
        id="backup-codes-heading"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-semibold text-slate-900 outline-none"
      >
        <Icon name="key-round" className="size-4" /> Save your backup codes
      </h3>
      {codes ? (
        <>
          <p className="text-sm text-slate-700">
            Each code signs you in once if you can&apos;t use your authenticator app. Keep them somewhere safe, such as
            a password manager. <strong>They won&apos;t be shown again.</strong>
          </p>
          <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Backup codes">
            {codes.map((code, index) => (
              <li key={`${index}-${code}`} className="rounded border border-amber-200 bg-white px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ul>
          <Button type="button" variant="outline" size="sm" onClick={copy}>
            <Icon name="copy" /> Copy Codes
          </Button>
        </>
      ) : (
        <p className="text-sm text-slate-700">
          We couldn&apos;t show your backup codes. Generate new ones below and keep them somewhere safe.
        </p>
      )}
    </section>
  );
}
