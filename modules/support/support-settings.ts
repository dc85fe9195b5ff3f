import { formText, type FieldValues } from "~/lib/form-data";

/** Support's settings, edited in Site Settings: the first answer an active landlord is promised. */
export interface SupportSettings {
  /** Business days (Melbourne, Monday to Friday) to the first answer of a priority request. */
  priorityAnswerDays: number;
}

export const DEFAULT_SUPPORT_SETTINGS: SupportSettings = { priorityAnswerDays: 1 };
export const PRIORITY_ANSWER_DAYS = { min: 1, max: 10 } as const;

/** Whether a stored or submitted value is a whole number of days in range. */
export function isAnswerDays(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isInteger(value) &&
    value >= PRIORITY_ANSWER_DAYS.min &&
    value <= PRIORITY_ANSWER_DAYS.max
  );
}

export function parseSupportSettings(
  values: FieldValues,
): { success: true; data: SupportSettings } | { success: false; error: string } {
  const raw = formText(values, "priorityAnswerDays").trim();
  const days = /^\d{1,2}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!isAnswerDays(days))
    return {
      success: false,
      error: `Please enter a whole number of business days from ${PRIORITY_ANSWER_DAYS.min} to ${PRIORITY_ANSWER_DAYS.max}.`,
    };
  return { success: true, data: { priorityAnswerDays: days } };
}
