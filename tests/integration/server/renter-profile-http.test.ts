import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRoom, newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";
import { DOCUMENT_ERRORS } from "~/modules/renter-profiles/renter-profile-input";

/**
 * Renter profiles over raw HTTP: a document opens for its renter and a landlord they enquired
 * with, never for another landlord, staff or a visitor, whatever URL they try; another person's
 * reference cannot be touched by id; forged reference links, cross-site posts, files that are not
 * PDFs or images and oversized bodies are refused and change nothing.
 */
let server: ServerProcess;
let tenant: HttpSession;
let landlord: HttpSession;
let otherLandlord: HttpSession;
let staff: HttpSession;
const ABOUT = `Quiet renter probe ${Date.now()}`;
const PDF = "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  tenant = await signedIn(server, "tenant@example.com");
  landlord = await signedIn(server, "landlord@example.com");
  otherLandlord = await signedIn(server, "priya.nair@example.com");
  staff = await signedIn(server, "staff@example.com");
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

function upload(content: string | Uint8Array<ArrayBuffer>, type: string, name: string): FormData {
  const form = new FormData();
  form.set("intent", "upload-document");
  form.set("kind", "income");
  form.set("document", new Blob([content], { type }), name);
  return form;
}

const documentLink = (body: string) => /\/settings\/renter-documents\/([0-9a-f-]{36})/.exec(body)?.[1];

describe("renter profiles over HTTP", () => {
  it("saves the profile; a cross-site post or bad input changes nothing", async () => {
    const saved = await post(server, tenant, "/settings/renter-profile", {
      intent: "profile",
      about: ABOUT,
      occupation: "working",
      occupationPlace: "Acme",
      stayMonths: "6",
      weeklyBudget: "400",
      areas: "Carlton",
    });
    expect(saved.status).toBe(302);
    const crossSite = await send(server, tenant, "/settings/renter-profile", {
      form: { intent: "profile", about: "Forged" },
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    const bad = await post(server, tenant, "/settings/renter-profile", { intent: "profile", stayMonths: "24" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Please choose a stay of 3 to 12 months.");
    const page = await send(server, tenant, "/settings/renter-profile");
    expect(page.body).toContain(ABOUT);
    expect(page.body).not.toContain("Forged");
    // Nobody else sees it through their own page or its data.
    for (const path of ["/settings/renter-profile", "/settings/renter-profile.data"]) {
      expect((await send(server, landlord, path)).body, path).not.toContain(ABOUT);
    }
  });

  it("refuses files that are not PDFs or images, and bodies over the cap, storing nothing", async () => {
    const html = await send(server, tenant, "/settings/renter-profile", {
      form: upload("<script>alert(1)</script>", "application/pdf", "proof.pdf"),
      origin: server.url,
    });
    expect(html.status).toBe(415);
    expect(html.body).toContain(DOCUMENT_ERRORS.notADocument.replaceAll("'", "&#x27;"));
    const huge = await send(server, tenant, "/settings/renter-profile", {
      form: upload(new Uint8Array(9 * 1024 * 1024), "application/pdf", "huge.pdf"),
      origin: server.url,
    });
    expect(huge.status).toBe(413);
    expect(documentLink((await send(server, tenant, "/settings/renter-profile")).body)).toBeUndefined();
  });

  it("opens the document for the renter and a landlord they enquired with, for nobody else", async () => {
    const uploaded = await send(server, tenant, "/settings/renter-profile", {
      form: upload(PDF, "application/pdf", "payslip.pdf"),
      origin: server.url,
    });
    expect(uploaded.status).toBe(302);
    const id = documentLink((await send(server, tenant, "/settings/renter-profile")).body);
    if (!id) throw new Error("no document link on the renter's page");
    const path = `/settings/renter-documents/${id}`;

    // Before any enquiry, only the renter.
    expect((await send(server, tenant, path)).body).toBe(PDF);
    expect((await send(server, landlord, path)).status).toBe(404);

    const listingId = await listRoom(server, landlord, { title: `Renter document room ${Date.now()}` });
    const enquired = await post(server, tenant, `/listing/${listingId}`, {
      moveInDate: "2030-03-01",
      leaseMonths: "6",
      message: "Hello, I'd like to view the room.",
      phone: "",
    });
    expect(enquired.status).toBeLessThan(400);

    const opened = await fetch(`${server.url}${path}`, {
      headers: { cookie: [...landlord.cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("application/pdf");
    expect(opened.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(opened.headers.get("cache-control")).toContain("no-store");
    expect(await opened.text()).toBe(PDF);

    for (const [who, session] of [
      ["another landlord", otherLandlord],
      ["staff", staff],
    ] as const) {
      for (const probe of [path, `${path}.data`]) {
        const reply = await send(server, session, probe);
        expect(reply.status, `${who} ${probe}`).toBe(404);
        expect(reply.body).not.toContain("%PDF");
      }
    }
    const visitor = await send(server, newSession(), path);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth/);
    // Never under the public uploads path.
    expect((await send(server, newSession(), `/uploads/renter-documents/${id}.pdf`)).status).toBe(404);
  });

  it("another person's reference cannot be changed or removed by id; forged links are refused", async () => {
    const added = await post(server, tenant, "/settings/renter-profile", {
      intent: "add-reference",
      name: "Ann Referee",
      relationship: "Previous landlord",
      email: `ann-${Date.now()}@example.com`,
    });
    expect(added.status).toBe(302);
    const page = await send(server, tenant, "/settings/renter-profile");
    const referenceId = /name="id" value="([0-9a-f-]{36})"/.exec(page.body)?.[1];
    if (!referenceId) throw new Error("no reference on the page");

    const removed = await post(server, landlord, "/settings/renter-profile", {
      intent: "remove-reference",
      id: referenceId,
    });
    expect(removed.status).toBe(404);
    const changed = await post(server, landlord, "/settings/renter-profile", {
      intent: "change-reference",
      id: referenceId,
      name: "Hijacked",
      relationship: "Friend",
      email: "attacker@example.com",
    });
    expect(changed.status).toBe(404);
    const after = await send(server, tenant, "/settings/renter-profile");
    expect(after.body).toContain("Ann Referee");
    expect(after.body).not.toContain("Hijacked");
    expect(after.body).toContain("Waiting for confirmation");

    for (const token of ["not-a-token", `${referenceId}.forged-signature`]) {
      for (const reply of [
        await send(server, newSession(), `/reference/${token}`),
        await post(server, newSession(), `/reference/${token}`, {}),
      ]) {
        expect(reply.status).toBe(400);
        expect(reply.body).toContain("Nothing was confirmed.");
      }
    }
    expect((await send(server, tenant, "/settings/renter-profile")).body).not.toContain("Reference confirmed");
  });
});
