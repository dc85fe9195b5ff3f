import { data } from "react-router";
import type { Route } from "./+types/gate";
import { requireStaffOrAdmin } from "~/modules/auth/session.server";

/**
 * The admin area's gate: without a session → /auth (with returnTo); signed in without the staff
 * or admin role → home with 'Access Denied'. Its screens arrive with the back-office work.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    requireStaffOrAdmin(request, context);
  },
];

export function loader() {
  throw data("This part of the admin area is not available yet.", { status: 404, statusText: "Not Found" });
}

export default function AdminGate() {
  return null;
}
