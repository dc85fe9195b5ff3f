import { describe, expect, it } from "vitest";
import { safeUrl, sanitizeHtml } from "~/modules/blog/sanitize-html";
import { XSS_CORPUS } from "~/modules/blog/xss-corpus";

/** Things that must never survive sanitizing, whatever the input. */
function expectHarmless(output: string) {
  expect(output).not.toMatch(
    /<\s*(script|style|iframe|object|embed|svg|math|form|button|input|base|meta|link|template|textarea|noscript|video|source|marquee|details|body)\b/i,
  );
  expect(output).not.toMatch(/\son[a-z]+\s*=/i);
  expect(output).not.toMatch(/\s(style|srcset|srcdoc|formaction|xlink:href|poster|id|name|class|target)\s*=/i);
  expect(output).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i);
  expect(output).not.toMatch(/(href|src)\s*=\s*"\s*\/\//i);
  expect(output).not.toContain("<!--");
}

describe("sanitizeHtml: XSS corpus", () => {
  it("has at least 25 vectors", () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(XSS_CORPUS)("neutralises: $name", ({ html }) => {
    const output = sanitizeHtml(html);
    expectHarmless(output);
    // Sanitizing twice changes nothing (on save, then again on render).
    expect(sanitizeHtml(output)).toBe(output);
  });

  it("drops scripts, styles, SVG, MathML and frames together with their content", () => {
    expect(sanitizeHtml(`<script>alert(1)</script><p>ok</p>`)).toBe("<p>ok</p>");
    expect(sanitizeHtml(`<style>p{color:red}</style><p>ok</p>`)).toBe("<p>ok</p>");
    expect(sanitizeHtml(`<svg onload=alert(1)><text>drawn</text></svg>ok`)).toBe("ok");
    expect(sanitizeHtml(`<math><mi>x</mi></math>ok`)).toBe("ok");
    expect(sanitizeHtml(`<iframe src="https://example.com">fallback</iframe>ok`)).toBe("ok");
  });

  it("unwraps other disallowed tags but keeps their text (escaped)", () => {
    expect(sanitizeHtml(`<div style="background:url(javascript:alert(1))">text</div>`)).toBe("text");
    expect(sanitizeHtml(`<form><button formaction=javascript:alert(1)>Go</button></form>`)).toBe("Go");
    expect(sanitizeHtml(`<scr<script>ipt>alert(1)</script>`)).not.toContain("<script");
  });

  it("removes unsafe link targets, also when obfuscated", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "jav&#x09;ascript:alert(1)",
      "&#106;avascript:alert(1)",
      "&#x6A;avascript&colon;alert(1)",
      " \u0001javascript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example",
      "/\\evil.example",
      "file:///etc/passwd",
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe("<a>x</a>");
    }
  });

  it("removes comments", () => {
    expect(sanitizeHtml(`<p>a<!-- secret --></p><!--<script>-->`)).toBe("<p>a</p>");
  });

  it("closes unclosed and nested tags", () => {
    expect(sanitizeHtml(`<p>one <strong>two <em>three`)).toBe("<p>one <strong>two <em>three</em></strong></p>");
  });
});

describe("sanitizeHtml: what is kept", () => {
  it("keeps the allowed structure of the demo posts", () => {
    const html =
      "<h2>Heading</h2><p>Text with <strong>bold</strong>, <em>italic</em>, <b>b</b>, <i>i</i> and <code>code</code>.</p>" +
      "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote><hr><pre><code>x = 1</code></pre><h3>Sub</h3><h4>Sub sub</h4>";
    expect(sanitizeHtml(html)).toBe(html.replace("<hr>", "<hr />"));
  });

  it("links: http, https, mailto, site paths and fragments, with rel added and title kept", () => {
    expect(sanitizeHtml('<a href="https://www.ptv.vic.gov.au" title="PTV" target="_blank" class="x">PTV</a>')).toBe(
      '<a href="https://www.ptv.vic.gov.au/" title="PTV" rel="noopener noreferrer">PTV</a>',
    );
    expect(sanitizeHtml('<a href="http://example.com/a">a</a>')).toContain('href="http://example.com/a"');
    expect(sanitizeHtml('<a href="mailto:hello@example.com">m</a>')).toContain('href="mailto:hello@example.com"');
    expect(sanitizeHtml('<a href="/search?title=x&amp;page=2">s</a>')).toContain('href="/search?title=x&amp;page=2"');
    expect(sanitizeHtml('<a href="#top">t</a>')).toContain('href="#top"');
  });

  it("images: our own src (site-relative or on the storage origins), alt, numeric width and height, lazy", () => {
    const storage = { imageOrigins: ["https://bucket.example"] };
    expect(
      sanitizeHtml(
        '<img src="https://bucket.example/listings/a.jpg" alt="A" width="640" height="x" style="a" onload="b">',
        storage,
      ),
    ).toBe('<img src="https://bucket.example/listings/a.jpg" alt="A" width="640" loading="lazy" />');
    expect(sanitizeHtml('<img src="/uploads/listings/a.jpg" alt="A">')).toBe(
      '<img src="/uploads/listings/a.jpg" alt="A" loading="lazy" />',
    );
    // Another site's image would be blocked by the Content-Security-Policy: it is dropped.
    expect(sanitizeHtml('<p>Hi</p><img src="https://evil.example/a.png">')).toBe("<p>Hi</p>");
    expect(sanitizeHtml('<img src="https://evil.example/a.png">', storage)).toBe("");
    expect(sanitizeHtml('<img src="https://bucket.example.evil.example/a.png">', storage)).toBe("");
    expect(sanitizeHtml('<figure><img src="/demo/blog/blog-tram.webp"><figcaption>Tram</figcaption></figure>')).toBe(
      '<figure><img src="/demo/blog/blog-tram.webp" alt="" loading="lazy" /><figcaption>Tram</figcaption></figure>',
    );
    expect(sanitizeHtml('<img src="http://example.com/a.png">')).toBe("");
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe("");
    expect(sanitizeHtml("<img>")).toBe("");
  });

  it("keeps text, escaped", () => {
    expect(sanitizeHtml("<p>5 &lt; 6 &amp; &quot;quotes&quot; &lt;script&gt;</p>")).toBe(
      '<p>5 &lt; 6 &amp; "quotes" &lt;script&gt;</p>',
    );
    expect(sanitizeHtml("")).toBe("");
    expect(sanitizeHtml(null)).toBe("");
  });
});

describe("safeUrl", () => {
  it("accepts only the allowed schemes per kind", () => {
    expect(safeUrl("https://example.com/a.png", "image")).toBeNull();
    expect(safeUrl("https://example.com/a.png", "image", ["https://example.com"])).toBe("https://example.com/a.png");
    expect(safeUrl("https://example.com/a.png", "link")).toBe("https://example.com/a.png");
    expect(safeUrl("/demo/a.webp", "image")).toBe("/demo/a.webp");
    expect(safeUrl("http://example.com/a.png", "image")).toBeNull();
    expect(safeUrl("#x", "image")).toBeNull();
    expect(safeUrl("mailto:a@b.co", "link")).toBe("mailto:a@b.co");
    expect(safeUrl("java\nscript:alert(1)", "link")).toBeNull();
    expect(safeUrl(undefined, "link")).toBeNull();
    expect(safeUrl("relative/path", "link")).toBeNull();
  });
});
