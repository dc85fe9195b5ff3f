import type { ReactNode } from "react";
import { cn } from "~/app/components/ui/cn";
import { Label } from "~/app/components/ui/label";

/**
 * A label, its control and the control's error. Give the control `id`, and when `error` is set,
 * `aria-invalid` and `aria-describedby={`${id}-error`}` so the message is announced with it.
 */
export function FormField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("space-y-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
