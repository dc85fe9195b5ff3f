import { useEffect, useRef, type ComponentProps } from "react";
import { DayPicker, type DayButtonProps } from "react-day-picker";
import { enAU } from "react-day-picker/locale";
import { Icon } from "~/app/components/ui/icon";
import { buttonVariants } from "~/app/components/ui/button";
import { cn } from "~/app/components/ui/cn";

/**
 * A month calendar (react-day-picker, en-AU, weeks start on Monday). Keyboard: arrows move by
 * day/week, Page Up/Down by month, Home/End to the week's ends, Enter or Space selects.
 */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  ...props
}: ComponentProps<typeof DayPicker>) {
  const navButton = buttonVariants({ variant: "ghost", size: "icon-sm" });
  return (
    <DayPicker
      locale={enAU}
      showOutsideDays={showOutsideDays}
      navLayout="around"
      className={cn("w-fit p-3", className)}
      classNames={{
        months: "flex flex-col gap-4",
        month: "grid grid-cols-[auto_1fr_auto] items-center gap-y-3",
        month_caption: "flex h-9 items-center justify-center",
        caption_label: "text-sm font-semibold",
        button_previous: navButton,
        button_next: navButton,
        month_grid: "col-span-3 border-collapse",
        weekday: "size-10 p-0 text-xs font-medium text-muted-foreground",
        day: "p-0 text-center",
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation }) =>
          orientation === "left" ? <Icon name="chevron-left" /> : <Icon name="chevron-right" />,
        DayButton: CalendarDayButton,
      }}
      {...props}
    />
  );
}

function CalendarDayButton({ day: _day, modifiers, className, ...props }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  // Keyboard navigation moves focus by re-rendering with a new focused day.
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return (
    <button
      ref={ref}
      className={cn(
        "relative inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-sm tabular-nums transition-colors focus-visible:z-10 disabled:cursor-not-allowed disabled:line-through disabled:opacity-50 motion-reduce:transition-none",
        // The selected day's look wins over today's, and today's over a day of another month.
        modifiers.selected
          ? "bg-primary font-semibold text-primary-foreground hover:bg-primary-hover"
          : cn(
              "hover:bg-muted",
              modifiers.today ? "font-bold text-primary" : modifiers.outside && "text-muted-foreground",
            ),
        className,
      )}
      {...props}
    />
  );
}
