import { Card, CardContent, CardHeader, CardTitle } from "~/app/components/ui/card";
import { Icon, type IconName } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";

export interface IconCard {
  icon: IconName;
  title: string;
  text: string;
}

/** A list of equal-height cards, each an icon, a title and a short text (company pages). */
export function IconCardGrid({ items, className }: { items: readonly IconCard[]; className: string }) {
  return (
    <ul className={cn("mt-10 grid gap-6", className)}>
      {items.map(({ icon, title, text }) => (
        <li key={title} className="flex">
          <Card className="w-full">
            <CardHeader>
              <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <Icon name={icon} className="size-5" />
              </span>
              <CardTitle className="mt-3">{title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-sm text-muted-foreground">{text}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
