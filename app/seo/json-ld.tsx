import { useNonce } from "~/app/nonce";

export type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[];
export interface JsonLdObject {
  [key: string]: JsonLdValue | undefined;
}

/**
 * JSON for a `<script type="application/ld+json">` body. `<`, `>` and `&` are written as JSON
 * unicode escapes, so text such as `</script>` or `<!--` inside a value cannot end the script
 * element or open a comment; U+2028/U+2029 are escaped too. JSON.parse gives back the same data.
 */
export function serializeJsonLd(data: JsonLdValue | undefined): string {
  return (JSON.stringify(data ?? null) ?? "null")
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * A `<script type="application/ld+json">` with this response's CSP nonce. The JSON is escaped
 * (serializeJsonLd), so text inside the data cannot close the script element.
 */
export function JsonLd({ data }: { data: JsonLdValue }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // Browsers hide the nonce attribute after parsing; the client renders it empty.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
