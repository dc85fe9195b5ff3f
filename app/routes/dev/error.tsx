/** Outside production, a page that fails on purpose so the error page can be seen and tested. */
export function loader() {
  throw new Error("Deliberate failure from /dev/error (this message must not reach the browser)");
}

export default function DeliberateError() {
  return null;
}
