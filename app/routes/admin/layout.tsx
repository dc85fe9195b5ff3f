import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireStaffOrAdmin } from "~/app/http/gates.server";

/**
 * The admin area's gate, for every child route: without a session → /auth (with returnTo); signed
 * in without the staff or admin role → home with 'Access Denied'.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    requireStaffOrAdmin(request, context);
  },
];

export default function AdminArea() {
  return <Outlet />;
}
