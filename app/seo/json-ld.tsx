import { serializeJsonLd, type JsonLdValue } from "~/app/seo/structured-data";
import { useNonce } from "~/app/nonce";

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
