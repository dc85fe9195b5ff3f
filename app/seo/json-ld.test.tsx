import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NonceProvider } from "~/app/nonce";
import { JsonLd } from "~/app/seo/json-ld";

describe("JsonLd", () => {
  it("renders an ld+json script with the CSP nonce and escaped JSON", () => {
    const data = { "@type": "Offer", name: "Room </script><script>alert(1)</script> & <!-- more" };
    const html = renderToString(
      <NonceProvider value="n0nce">
        <JsonLd data={data} />
      </NonceProvider>,
    );
    expect(html.startsWith('<script type="application/ld+json" nonce="n0nce">')).toBe(true);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain("<!--");
    const body = html.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "");
    expect(JSON.parse(body)).toEqual(data);
  });
});
