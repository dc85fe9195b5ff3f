/** `If-Match: "v"` (or W/"v", or a list): the versions it names; `*` matches any. */
export function ifMatchVersions(header: string): string[] | "*" {
  if (header.trim() === "*") return "*";
  return header.split(",").map((tag) =>
    tag
      .trim()
      .replace(/^W\//, "")
      .replace(/^"(.*)"$/, "$1"),
  );
}
