import { Icon } from "~/app/components/ui/icon";

export function Logo({ siteName }: { siteName: string }) {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <span className="grid size-9 place-items-center rounded-xl bg-primary text-primary-foreground shadow-sm">
        <Icon name="door-open" className="size-5" />
      </span>
      <span className="font-display whitespace-nowrap">{siteName}</span>
    </span>
  );
}
