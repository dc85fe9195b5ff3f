import { data } from "react-router";

/** Admin screens not built yet: past the gate, they are simply not found. */
export function loader() {
  throw data("This part of the admin area is not available yet.", { status: 404, statusText: "Not Found" });
}

export default function AdminScreenNotAvailable() {
  return null;
}
