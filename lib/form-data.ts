/** A submitted form value as text: a missing field, or a file where text was expected, reads as "". */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
