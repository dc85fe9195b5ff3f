import { lazy, type ComponentType } from "react";

const INTERACTIONS = ["pointerdown", "keydown", "focusin", "touchstart", "wheel"] as const;
/** Longest wait for an idle moment after the load event. */
const IDLE_TIMEOUT_MS = 3000;

let gate: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and the main thread is idle, or at the visitor's first
 * interaction, whichever comes first. Extras that no one needs for the first paint (the cookie
 * banner's controls, the newsletter box, the account menu) wait for it, so a first visit downloads and runs only what the page itself needs.
 */
export function whenIdle(): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  gate ??= new Promise<void>((resolve) => {
    const open = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, open, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, open, { capture: true, passive: true });
    const afterLoad = () =>
      "requestIdleCallback" in window
        ? window.requestIdleCallback(open, { timeout: IDLE_TIMEOUT_MS })
        : setTimeout(open, 200);
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
  });
  return gate;
}

/**
 * `React.lazy` whose browser download waits for `whenIdle()`. The server renders the component as
 * usual; in the browser its server HTML stays in place (not hydrated yet) until the code arrives.
 * Render it inside a `<Suspense>`.
 */
export function lazyWhenIdle<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  // On the server the code is loaded at once, so the first page rendered already has it in place.
  const onServer = typeof window === "undefined" ? load().then((component) => ({ default: component })) : undefined;
  return lazy(async () => {
    if (onServer) return onServer;
    await whenIdle();
    return { default: await load() };
  });
}
