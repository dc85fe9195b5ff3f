import { lazy, Suspense, useId, useState, type ComponentProps } from "react";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";
import { formatDisplayDate, toIsoDate } from "~/app/components/ui/date-format";
import { fieldClasses } from "~/app/components/ui/input";

const loadCalendar = () => import("~/app/components/ui/date-picker-calendar");
const DatePickerCalendar = lazy(loadCalendar);

export type DatePickerProps = Omit<ComponentProps<"button">, "value" | "defaultValue" | "onChange" | "name"> & {
  /** The chosen day; passing this prop (even as undefined) makes the picker controlled. */
  value?: Date;
  /** The initial day when uncontrolled. */
  defaultValue?: Date;
  onChange?: (date: Date | undefined) => void;
  placeholder?: string;
  /** Adds a hidden input carrying the day as yyyy-MM-dd, so the picker submits with a plain form. */
  name?: string;
};

/**
 * A button showing the chosen day ("21 Nov 2026") that opens a calendar. Give it an `id` and a
 * `<Label htmlFor>`; the shown day is also exposed as the button's description. The calendar's
 * code loads the first time the button is pointed at, focused or pressed.
 */
export function DatePicker(props: DatePickerProps) {
  const {
    value,
    defaultValue,
    onChange,
    placeholder = "Pick a date",
    name,
    className,
    "aria-describedby": describedBy,
    ...buttonProps
  } = props;
  const controlled = "value" in props;
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue);
  const selected = controlled ? value : uncontrolledValue;
  const [open, setOpen] = useState(false);
  // Until the first opening the button stands alone, without the popover around it.
  const [calendarWanted, setCalendarWanted] = useState(false);
  const valueId = useId();

  function select(date: Date | undefined) {
    if (!controlled) setUncontrolledValue(date);
    onChange?.(date);
    setOpen(false);
  }

  const trigger = (extra?: ComponentProps<"button">) => (
    <button
      type="button"
      aria-describedby={[valueId, describedBy].filter(Boolean).join(" ")}
      className={cn(fieldClasses, "flex h-10 cursor-pointer items-center gap-2 py-2 text-left", className)}
      {...buttonProps}
      {...extra}
    >
      <Icon name="calendar-days" className="size-4 shrink-0 text-muted-foreground" />
      <span id={valueId} className={cn("truncate", !selected && "text-muted-foreground")}>
        {selected ? formatDisplayDate(selected) : placeholder}
      </span>
    </button>
  );

  const preload = () => void loadCalendar();
  return (
    <>
      {calendarWanted ? (
        <Suspense fallback={trigger({ "aria-busy": true })}>
          <DatePickerCalendar
            trigger={trigger()}
            open={open}
            onOpenChange={setOpen}
            selected={selected}
            onSelect={select}
          />
        </Suspense>
      ) : (
        trigger({
          "aria-expanded": false,
          "aria-haspopup": "dialog",
          onPointerEnter: preload,
          onFocus: preload,
          onClick: () => {
            setCalendarWanted(true);
            setOpen(true);
          },
        })
      )}
      {name && <input type="hidden" name={name} value={selected ? toIsoDate(selected) : ""} />}
    </>
  );
}
