/**
 * A submission's values by name, whatever carried it: a browser form's `FormData`, or an API body
 * (`new Map(Object.entries(json))`). Domain parsers read this, never a transport type.
 */
export interface FieldValues {
  get(name: string): unknown;
  /** Every value of a repeated field (checkboxes); `FormData` has it, a map of an API body does not. */
  getAll?(name: string): unknown[];
}

/** A submitted value as text: a missing field, or a file or other non-text value, reads as "". */
export function formText(values: FieldValues, name: string): string {
  const value = values.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * A repeated field's values as text (checkboxes sharing a name), or one comma-separated value
 * when the source has no repeated fields (an API body); empty values are dropped.
 */
export function formTextList(values: FieldValues, name: string): string[] {
  const all = values.getAll ? values.getAll(name) : [values.get(name)];
  return all
    .flatMap((value) => (typeof value === "string" ? value.split(",") : []))
    .map((value) => value.trim())
    .filter(Boolean);
}
