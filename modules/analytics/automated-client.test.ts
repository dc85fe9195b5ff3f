import { describe, expect, it } from "vitest";
import { isAutomatedClient } from "~/modules/analytics/automated-client";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const browser = (extra: Record<string, string> = {}) =>
  new Headers({ "user-agent": CHROME, "accept-language": "en-AU,en;q=0.9", ...extra });

describe("isAutomatedClient", () => {
  it("counts ordinary browsers", () => {
    expect(isAutomatedClient(browser())).toBe(false);
    expect(isAutomatedClient(browser({ "user-agent": SAFARI }))).toBe(false);
    expect(isAutomatedClient(browser({ "sec-ch-ua": '"Chromium";v="131", "Google Chrome";v="131"' }))).toBe(false);
  });

  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "curl/8.5.0",
    "python-requests/2.32.3",
    "Go-http-client/1.1",
    "",
  ])("leaves out %j", (agent) => {
    expect(isAutomatedClient(browser({ "user-agent": agent }))).toBe(true);
  });

  it("leaves out headless Chromium that hides its user agent, clients without a language, and prefetches", () => {
    expect(isAutomatedClient(browser({ "sec-ch-ua": '"HeadlessChrome";v="131"' }))).toBe(true);
    expect(isAutomatedClient(new Headers({ "user-agent": CHROME }))).toBe(true);
    expect(isAutomatedClient(browser({ "sec-purpose": "prefetch" }))).toBe(true);
    expect(isAutomatedClient(browser({ purpose: "prefetch" }))).toBe(true);
  });
});
