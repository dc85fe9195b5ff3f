import { describe, expect, it } from "vitest";
import { SANDBOX_PRICE_ID } from "~/lib/adapters/payments/sandbox-payments.server";
import { newSession, post as postForm, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import type { MailCatcher } from "~/tests/support/mail-catcher";
import { registeredAccount, useServerWithMail } from "~/tests/support/server-with-mail";
import type { ServerProcess } from "~/tests/support/server-process";

/**
 * The free trial is once per customer, over HTTP against the built server with the sandbox as the
 * payment provider: cancel in the trial, subscribe again, and the plan card, the checkout and the
 * subscription all say there is no second trial.
 */
const PASSWORD = "a-good-password";
const TRIAL_USED = "Your free trial has been used";
const CARD = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12 / 34", cardCvc: "123", cardName: "Sam Nguyen" };

let server: ServerProcess;
let mail: MailCatcher;
useServerWithMail((started) => ({ server, mail } = started));

/** A page's HTML without the comments React puts between adjacent pieces of text. */
const get = async (client: HttpSession, path: string) => {
  const reply = await send(server, client, path);
  return { ...reply, body: reply.body.replaceAll("<!-- -->", "") };
};
const post = (client: HttpSession, path: string, form: Record<string, string>) => postForm(server, client, path, form);

/** Subscribe on the plan card: the checkout page it leads to. */
async function startCheckout(client: HttpSession) {
  const started = await post(client, "/billing/checkout", { priceId: SANDBOX_PRICE_ID, returnTo: "/#plans" });
  expect(started.status).toBe(302);
  expect(started.location).toMatch(/^\/billing\/sandbox\/checkout\/cs_sbx_/);
  return { path: started.location ?? "", page: (await get(client, started.location ?? "")).body };
}

async function pay(client: HttpSession, checkoutPath: string) {
  const paid = await post(client, checkoutPath, { intent: "pay", ...CARD });
  expect(paid.status).toBe(302);
  expect(paid.location).toMatch(/\/subscription\/success\?session_id=/);
}

/**
 * The sandbox clock (a development page, answered to loopback clients only), asked by e-mail as
 * `npm run billing:clock` asks it.
 */
async function advanceClock(email: string, step: string) {
  const clock: HttpSession = { ...newSession(), address: "127.0.0.1" };
  expect((await post(clock, "/dev/billing", { email, step })).status).toBe(200);
}

const planCard = async (client: HttpSession) => {
  const home = (await get(client, "/")).body;
  return home.slice(home.indexOf('id="plans"'));
};

describe("the free trial", () => {
  it("is given once: cancelled in the trial, a new subscription has no trial and is charged at checkout", async () => {
    const email = await registeredAccount({ server, mail }, "trial", PASSWORD);
    const owner = await signedIn(server, email, PASSWORD);
    expect(await planCard(owner)).toContain("14-day free trial · Cancel anytime");

    const first = await startCheckout(owner);
    expect(first.page).toContain("14 days free");
    expect(first.page).not.toContain(TRIAL_USED);
    await pay(owner, first.path);
    // Cancelled in the trial; the trial's end ends it.
    expect((await post(owner, "/billing/sandbox/portal", { intent: "cancel" })).status).toBe(302);
    await advanceClock(email, "trial-ends");
    const ended = (await get(owner, "/settings/billing")).body;
    expect(ended).toContain("Cancelled");
    expect(ended).toContain(`${TRIAL_USED}: a new subscription is charged from the day it starts.`);

    // Subscribing again: no second trial, said on the plan card and at checkout.
    const card = await planCard(owner);
    expect(card).toContain(`${TRIAL_USED} · Cancel anytime`);
    expect(card).not.toContain("free trial ·");
    const second = await startCheckout(owner);
    expect(second.page).toContain(`${TRIAL_USED}, so the first month is charged today.`);
    expect(second.page).not.toContain("days free");
    expect(second.page).toMatch(/Total due today<\/dt><dd[^>]*>\$49\.99</);
    await pay(owner, second.path);

    const billing = (await get(owner, "/settings/billing")).body;
    expect(billing).toContain("Next renewal");
    expect(billing).not.toContain("Free trial");
    expect(billing).not.toContain("Trial ends");
    await mail.waitFor(
      (m) => m.to.includes(email) && m.subject === "Your Professional Plan has started" && !/free trial/.test(m.text),
    );
  });

  it("a visitor and a customer who never subscribed are offered the trial", async () => {
    expect(await planCard(newSession())).toContain("14-day free trial · Cancel anytime");
    const email = await registeredAccount({ server, mail }, "new-customer", PASSWORD);
    const owner = await signedIn(server, email, PASSWORD);
    expect(await planCard(owner)).toContain("14-day free trial · Cancel anytime");
    expect((await get(owner, "/settings/billing")).body).toContain("14-day free trial, cancel anytime.");
    // Leaving a checkout unpaid uses nothing up.
    const left = await startCheckout(owner);
    expect((await post(owner, left.path, { intent: "cancel" })).status).toBe(302);
    expect((await startCheckout(owner)).page).toContain("14 days free");
  });
});
