import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False during the server render and the hydrating render, true from then on: for controls that
 * work without JavaScript until the page is interactive (and only then switch to script behaviour).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
