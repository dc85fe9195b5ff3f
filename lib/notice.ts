/** A one-off message for the user, shown as a toast. */
export interface Notice {
  title: string;
  description?: string;
  tone: "success" | "error" | "info";
}
