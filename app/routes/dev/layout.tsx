import { data, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { devPagesAllowed } from "~/lib/dev-pages.server";
import { requestInfo, services } from "~/lib/request-context";

/** One gate for every /dev page; anyone it keeps out gets the ordinary 404, as if nothing were here. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => {
    if (!devPagesAllowed(services(context).config, requestInfo(context).clientAddress))
      throw data(null, { status: 404 });
  },
];

export default function DevPages() {
  return <Outlet />;
}
