import { lazyWhenIdle } from "~/app/components/ui/deferred";

/**
 * The status page (errors, a listing that is not there), its code loaded when the page is idle:
 * few visits show it, so first visits to the root and the listing page do not download it. The
 * server renders it as usual. Render it inside a `<Suspense>`.
 */
export const DeferredStatusPage = lazyWhenIdle(() =>
  import("~/app/components/layout/status-page").then((module) => module.StatusPage),
);
