import { redirect } from "react-router";

/** /admin opens on the users screen. */
export function loader() {
  return redirect("/admin/users");
}
