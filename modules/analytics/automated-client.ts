/**
 * Whether a request comes from a program rather than a person, by what it says about itself: a
 * user agent on the crawler and tool list, a headless browser, or none of the headers every
 * browser sends. Such requests are served as usual and left out of listing analytics.
 */
const AUTOMATED_AGENT =
  /bot\b|bot[/;_-]|crawl|spider|slurp|scrap|headless|phantomjs|puppeteer|playwright|selenium|webdriver|lighthouse|pagespeed|pingdom|uptime|monitor|preview|facebookexternalhit|embedly|whatsapp|telegram|discord|slack|curl\/|wget\/|httpie|python-|aiohttp|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|httpclient|guzzle|postman|insomnia|semrush|ahrefs|mj12|dotbot|petalbot|bytespider|yandex|baiduspider|duckduckgo|applebot|bingpreview|feedfetcher|mediapartners|validator|checker/i;

export function isAutomatedClient(headers: Headers): boolean {
  const agent = headers.get("user-agent")?.trim() ?? "";
  if (agent.length < 10 || !agent.startsWith("Mozilla/")) return true;
  if (AUTOMATED_AGENT.test(agent)) return true;
  // Headless Chromium says so in its client hints even when the user agent string is changed.
  if (/HeadlessChrome/i.test(headers.get("sec-ch-ua") ?? "")) return true;
  // Every browser sends a language; scripts and many headless tools do not.
  if (!headers.get("accept-language")) return true;
  // Prefetches and prerenders are not views (yet): the browser may never show them.
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""}`.toLowerCase();
  return purpose.includes("prefetch") || purpose.includes("prerender");
}
