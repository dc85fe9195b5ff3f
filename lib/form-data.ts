/**
 * A submission's values by name, whatever carried it: a browser form's `FormData`, or an API body
 * (`new Map(Object.entries(json))`). Domain parsers read this, never a transport type.
 */
export interface FieldValues {
  get(name: string): unknown;
}

/** A submitted value as text: a missing field, or a file or other non-text value, reads as "". */
export function formText(values: FieldValues, name: string): string {
  const value = values.get(name);
  return typeof value === "string" ? value : "";
}
