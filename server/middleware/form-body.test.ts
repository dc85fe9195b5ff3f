import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { FORM_ENCODING_REFUSED, formBodies, MALFORMED_FORM } from "~/server/middleware/form-body";
import { NUL_REFUSED } from "~/server/middleware/nul-bytes";

function app() {
  const hono = new Hono();
  hono.use(formBodies({ exempt: (path) => path.startsWith("/api/"), jsonPaths: ["/enhance"] }));
  hono.all("*", async (c) => c.json(Object.fromEntries(await c.req.formData().catch(() => new FormData()))));
  return hono;
}

const post = (path: string, body: BodyInit | undefined, type?: string) =>
  app().request(path, { method: "POST", body, headers: type ? { "content-type": type } : {} });

describe("formBodies", () => {
  it("lets forms through, read intact by the handler", async () => {
    const urlencoded = await post("/contact", "name=Ann&message=Hi", "application/x-www-form-urlencoded");
    expect(urlencoded.status).toBe(200);
    expect(await urlencoded.json()).toEqual({ name: "Ann", message: "Hi" });
    const form = new FormData();
    form.set("intent", "save");
    const multipart = await app().request("/contact", { method: "POST", body: form });
    expect(await multipart.json()).toEqual({ intent: "save" });
  });

  it("refuses another encoding with 415, and a body-less post without a form type", async () => {
    for (const [body, type] of [
      ['{"a":1}', "application/json"],
      ["a=1", "text/plain"],
      ["--x", "multipart/form-data"],
      [undefined, undefined],
    ] as const) {
      const reply = await post("/contact", body, type);
      expect(reply.status, String(type)).toBe(415);
      expect(await reply.text()).toBe(FORM_ENCODING_REFUSED);
    }
  });

  it("refuses a form that cannot be parsed with 400", async () => {
    const reply = await post(
      "/contact",
      '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx',
      "multipart/form-data; boundary=b",
    );
    expect(reply.status).toBe(400);
    expect(await reply.text()).toBe(MALFORMED_FORM);
  });

  it("refuses a NUL character in a field's name or text, urlencoded or multipart, with 400", async () => {
    for (const body of ["title=%2Fe%00x", "t%00itle=x", "intent=save&description=a%00"]) {
      const reply = await post("/list-property", body, "application/x-www-form-urlencoded");
      expect(reply.status, body).toBe(400);
      expect(await reply.text(), body).toBe(NUL_REFUSED);
    }
    const form = new FormData();
    form.set("intent", "save");
    form.set("title", "a\u0000b");
    const multipart = await app().request("/list-property", { method: "POST", body: form });
    expect(multipart.status).toBe(400);
    expect(await multipart.text()).toBe(NUL_REFUSED);
  });

  it("lets files through whatever their bytes, and other control characters in text", async () => {
    const form = new FormData();
    form.set("intent", "photo");
    form.set("file", new Blob([new Uint8Array([0xff, 0x00, 0xd8])], { type: "image/jpeg" }), "room.jpg");
    expect((await app().request("/list-property", { method: "POST", body: form })).status).toBe(200);
    const reply = await post("/contact", "message=a%01b%1Fc%7F", "application/x-www-form-urlencoded");
    expect(await reply.json()).toEqual({ message: "a\u0001b\u001fc\u007f" });
  });

  it("leaves reads, exempt paths and JSON paths alone", async () => {
    expect((await app().request("/contact")).status).toBe(200);
    expect((await post("/api/listings", "{}", "application/json")).status).toBe(200);
    expect((await post("/enhance", '{"text":"x"}', "application/json")).status).toBe(200);
    expect((await post("/enhance.data", '{"text":"x"}', "application/json")).status).toBe(200);
  });
});
