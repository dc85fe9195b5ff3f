import type { ReactElement } from "react";
import { Calendar } from "~/app/components/ui/calendar";
import { Popover, PopoverContent, PopoverTrigger } from "~/app/components/ui/popover";

/**
 * The date picker's popover and calendar (react-day-picker and date-fns): loaded by `DatePicker`
 * only when a visitor first opens it (or points at or focuses its button).
 */
export default function DatePickerCalendar({
  trigger,
  open,
  onOpenChange,
  selected,
  onSelect,
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected: Date | undefined;
  onSelect: (date: Date | undefined) => void;
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent align="start" bare className="w-auto overflow-y-auto p-0">
        <Calendar
          mode="single"
          selected={selected}
          onSelect={onSelect}
          defaultMonth={selected}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- as in the APG date picker, opening moves focus to the chosen day (or today)
          autoFocus
        />
      </PopoverContent>
    </Popover>
  );
}
