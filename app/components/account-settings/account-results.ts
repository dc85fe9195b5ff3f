import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { AccountActionData, AccountActionResult, AccountIntent } from "~/modules/auth/account-settings";

/**
 * A fetcher for one account intent, and its latest result: the fetcher's answer, or (when the
 * form was posted without JavaScript) the page's action data when it answers the same intent.
 */
export function useAccountFetcher<I extends AccountIntent>(intent: I, actionData: AccountActionData | undefined) {
  const fetcher = useFetcher<AccountActionData>();
  const answer = fetcher.data ?? actionData;
  const result = answer?.intent === intent ? (answer as AccountActionResult<I>) : undefined;
  return { fetcher, result, busy: fetcher.state !== "idle" };
}

/**
 * Runs `onResult` during render, once per new result object (React's "adjust state when a prop
 * changes" pattern), so state that follows a result never shows a stale frame.
 */
export function useOnNewResult<T>(result: T | undefined, onResult: (result: T) => void): void {
  const [seen, setSeen] = useState<T | undefined>(undefined);
  if (result !== seen) {
    setSeen(result);
    if (result !== undefined) onResult(result);
  }
}

/** Calls `effect` after the render that shows a new result (toasts, focus); once per result. */
export function useAfterNewResult<T>(result: T | undefined, effect: (result: T) => void): void {
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(() => {
    if (result !== undefined) latest.current(result);
  }, [result]);
}
