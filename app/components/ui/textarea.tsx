import type { ComponentProps } from "react";
import { cn } from "~/app/components/ui/cn";
import { fieldClasses } from "~/app/components/ui/input";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClasses, "min-h-24 py-2", className)} {...props} />;
}
