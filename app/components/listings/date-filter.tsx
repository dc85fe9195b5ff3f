import { parseIsoDate } from "~/app/components/ui/date-format";
import { DatePicker } from "~/app/components/ui/date-picker";
import { Label } from "~/app/components/ui/label";

/**
 * A search date: the date picker (a native date field without JavaScript) with one line under it
 * saying which rooms the date keeps, so the search's two dates read as two different questions.
 */
export function DateFilter({
  id,
  name,
  label,
  hint,
  value,
}: {
  id: string;
  /** The query parameter, yyyy-MM-dd. */
  name: string;
  label: string;
  hint: string;
  value: string | undefined;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <DatePicker
        id={id}
        name={name}
        defaultValue={parseIsoDate(value)}
        placeholder="Pick a date"
        aria-describedby={hintId}
      />
      <noscript>
        <input
          type="date"
          name={name}
          aria-label={label}
          aria-describedby={hintId}
          defaultValue={value}
          className="h-10 rounded-md border border-input px-3 text-sm"
        />
      </noscript>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
