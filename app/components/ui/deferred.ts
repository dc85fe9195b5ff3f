import { createElement, lazy, memo, Suspense, type ComponentType, type ReactNode } from "react";

const INTERACTIONS = ["pointerdown", "keydown", "focusin", "touchstart", "wheel"] as const;
/** What shows a visitor means to use the page: a press, a key, focus moving into it, a changed field. */
const INTENTS = ["pointerdown", "keydown", "focusin", "input", "change"] as const;
/** Longest wait for an idle moment after the load event. */
const IDLE_TIMEOUT_MS = 3000;

let gate: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and the main thread is idle, or at the visitor's first
 * interaction, whichever comes first. Extras no one needs for the first paint but that should be
 * ready without an intent (the account menu, the sign-up view's phone field) wait for it.
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

// Listened for from the moment this module runs (before hydration), on the window in the capture
// phase: React stops events that land in server HTML it has not hydrated yet at the document.
const intent =
  typeof window === "undefined"
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const open = () => {
          for (const type of INTENTS) window.removeEventListener(type, open, true);
          window.removeEventListener("popstate", open);
          resolve();
        };
        for (const type of INTENTS) window.addEventListener(type, open, { capture: true, passive: true });
        window.addEventListener("popstate", open);
      });

/**
 * Resolves at the visitor's first intent anywhere on the page (pointerdown, keydown, focusin, or a
 * field's input or change) or at a move through the browser's history, whichever comes first.
 */
export function whenIntent(): Promise<void> {
  return intent;
}

/** How near the screen (above or below) a part waiting for `whenNear` starts loading. */
const NEAR_MARGIN = "600px 0px";

/**
 * Resolves when the server-rendered element `selector` comes within 600 px of the screen, at the
 * first intent on the page, or at once when there is no such element (the part is rendered afresh).
 */
export function whenNear(selector: string): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  const element = document.querySelector(selector);
  if (!element || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return Promise.race([
    whenIntent(),
    new Promise<void>((resolve) => {
      const near = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          near.disconnect();
          resolve();
        },
        { rootMargin: NEAR_MARGIN },
      );
      near.observe(element);
    }),
  ]);
}

/** `React.lazy` whose browser download waits for `gate`; on the server the code is loaded at once. */
function lazyAfter<Props extends object>(gate: () => Promise<void>, load: () => Promise<ComponentType<Props>>) {
  // On the server the code is loaded at once, so the first page rendered already has it in place.
  const onServer = typeof window === "undefined" ? load().then((component) => ({ default: component })) : undefined;
  return lazy(async () => {
    if (onServer) return onServer;
    await gate();
    return { default: await load() };
  });
}

/**
 * `React.lazy` whose browser download waits for `whenIdle()`. The server renders the component as
 * usual; in the browser its server HTML stays in place (not hydrated yet) until the code arrives.
 * Render it inside a `<Suspense>`.
 */
export function lazyWhenIdle<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazyAfter(whenIdle, load);
}

/**
 * A part rendered through `lazyAfter(gate, load)` in its own `<Suspense>`, memoised: a parent
 * re-rendering with the same props (as the shell does once the page has hydrated) leaves the
 * server HTML in place instead of replacing it with an empty fallback while the code waits.
 */
function deferredPart<Props extends object>(
  gate: () => Promise<void>,
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode,
) {
  const Part = lazyAfter(gate, load) as unknown as ComponentType<Props>;
  return memo(function DeferredPart(props: Props) {
    return createElement(Suspense, { fallback }, createElement(Part, props));
  });
}

/**
 * A part whose code is needed only once the visitor acts: it downloads at the first intent on the
 * page (`whenIntent()`), not on a visit that only reads. The server renders the part as usual and
 * its HTML stays in place until then, so it must work without JavaScript (links, forms that post).
 * It brings its own `<Suspense>`; `fallback` shows only where the part is rendered afresh in the
 * browser before its code (after a client navigation).
 */
export function lazyOnIntent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
) {
  return deferredPart(whenIntent, load, fallback);
}

/** As `lazyOnIntent`, for a part the visitor asked for (the search's map view): its code loads at once. */
export function lazyAtOnce<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return deferredPart(() => Promise.resolve(), load, null);
}

/**
 * As `lazyOnIntent`, for a part below the fold that shows something by itself (the listing's map):
 * its code also downloads when its server-rendered element `selector` comes near the screen.
 */
export function lazyWhenNear<Props extends object>(selector: string, load: () => Promise<ComponentType<Props>>) {
  return deferredPart(() => whenNear(selector), load, null);
}
