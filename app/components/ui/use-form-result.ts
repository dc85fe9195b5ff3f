import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface FormResultOptions<Field extends string, Result> {
  /** The form's fields in the order they appear: the first with an error gets the focus. */
  fields: readonly Field[];
  /** The latest answer to the form: a new object per submission, or undefined before the first. */
  result: Result | undefined;
  /** The per-field messages a result carries, if it refused the input. */
  errorsOf: (result: Result | undefined) => FieldErrors<Field> | undefined;
  /** Says what happened, once per new result (a toast; resetting the form after a success). */
  announce: (result: Result, form: HTMLFormElement | null) => void;
  /** The same rules as the server, checked in the browser before anything is sent. */
  check: (values: FormData) => { success: true } | { success: false; errors: FieldErrors<Field> };
  /** Messages to show before any result of this page's own (e.g. from a post without JavaScript). */
  initialErrors?: FieldErrors<Field>;
}

/**
 * The behaviour every validated form shares: a new result replaces the field messages and is
 * announced once, focusing the first bad field; a submission that breaks the rules in the browser
 * is stopped with the same messages; editing a field clears its message.
 */
export function useFormResult<Field extends string, Result>({
  fields,
  result,
  errorsOf,
  announce,
  check,
  initialErrors,
}: FormResultOptions<Field, Result>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>(() => initialErrors ?? errorsOf(result) ?? {});
  // A new result replaces the field messages, during render.
  const [shownResult, setShownResult] = useState(result);
  if (result !== shownResult) {
    setShownResult(result);
    setErrors(errorsOf(result) ?? {});
  }

  const onNewResult = useEffectEvent((latest: Result) => {
    const fieldErrors = errorsOf(latest);
    if (fieldErrors) focusFirstInvalid(formRef.current, fields, fieldErrors);
    announce(latest, formRef.current);
  });
  useEffect(() => {
    if (result !== undefined) onNewResult(result);
  }, [result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = check(new FormData(event.currentTarget));
    if (checked.success) return;
    event.preventDefault();
    setErrors(checked.errors);
    focusFirstInvalid(event.currentTarget, fields, checked.errors);
  }

  function onEdit(field: Field) {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  return { formRef, errors, onSubmit, onEdit };
}

function focusFirstInvalid<Field extends string>(
  form: HTMLFormElement | null,
  fields: readonly Field[],
  errors: FieldErrors<Field>,
) {
  const first = fields.find((name) => errors[name]);
  const element = first ? form?.elements.namedItem(first) : null;
  if (element instanceof HTMLElement) element.focus();
}
