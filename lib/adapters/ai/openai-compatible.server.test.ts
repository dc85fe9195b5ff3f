import { describe, expect, it } from "vitest";
import { createTextRewriter } from "~/lib/adapters/ai/index.server";
import { MAX_AI_INPUT_CHARS, OpenAiCompatibleRewriter } from "~/lib/adapters/ai/openai-compatible.server";
import { AiServiceError } from "~/lib/adapters/ai/text-rewriter";

/** A fetch that records the request and answers with `body` (the protocol itself is covered by the integration test). */
function fakeFetch(body: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return Promise.resolve(new Response(typeof body === "string" ? body : JSON.stringify(body), { status }));
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const answer = (content: unknown, finishReason = "stop") => ({
  choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
});

describe("createTextRewriter", () => {
  it("uses the OpenAI-compatible endpoint when AI_BASE_URL is set, else the offline editor", () => {
    expect(createTextRewriter({}).provider).toBe("offline");
    expect(createTextRewriter({ AI_BASE_URL: "http://127.0.0.1:1/v1" }).provider).toBe("openai-compatible");
  });
});

describe("OpenAI-compatible rewriter", () => {
  it("joins the base URL without doubling slashes and sends no Authorization without a key", async () => {
    const { calls, fetch } = fakeFetch(answer("Room · Desk\nQuiet."));
    const rewriter = new OpenAiCompatibleRewriter({ baseUrl: "http://ai.test/v1/", fetch });
    await expect(rewriter.rewriteListingDescription("room, desk")).resolves.toBe("Room · Desk\nQuiet.");
    expect(calls[0]?.url).toBe("http://ai.test/v1/chat/completions");
    expect(new Headers(calls[0]?.init.headers).has("authorization")).toBe(false);
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({ model: "gpt-4o-mini" });
  });

  it("strips markdown the model added despite the prompt", async () => {
    const { fetch } = fakeFetch(answer("```text\n# Room · **Desk**\nA __quiet__ room.\n```"));
    const rewriter = new OpenAiCompatibleRewriter({ baseUrl: "http://ai.test", fetch });
    await expect(rewriter.rewriteListingDescription("room")).resolves.toBe("Room · Desk\nA quiet room.");
  });

  it("reads content given as a list of text parts", async () => {
    const { fetch } = fakeFetch(
      answer([
        { type: "text", text: "Room · Desk\n" },
        { type: "image_url", image_url: {} },
        { type: "text", text: "Quiet." },
      ]),
    );
    const rewriter = new OpenAiCompatibleRewriter({ baseUrl: "http://ai.test", fetch });
    await expect(rewriter.rewriteListingDescription("room")).resolves.toBe("Room · Desk\nQuiet.");
  });

  it("refuses an answer cut short and an empty one", async () => {
    const cut = new OpenAiCompatibleRewriter({
      baseUrl: "http://ai.test",
      fetch: fakeFetch(answer("Room", "length")).fetch,
    });
    await expect(cut.rewriteListingDescription("room")).rejects.toMatchObject({
      name: "AiServiceError",
      message: "The AI service's answer was cut short. Please try a shorter description.",
    });
    const empty = new OpenAiCompatibleRewriter({ baseUrl: "http://ai.test", fetch: fakeFetch(answer("  ")).fetch });
    await expect(empty.rewriteListingDescription("room")).rejects.toMatchObject({
      message: "The AI service returned no text.",
    });
  });

  it("refuses input over the cap without calling the service", async () => {
    const { calls, fetch } = fakeFetch(answer("unused"));
    const rewriter = new OpenAiCompatibleRewriter({ baseUrl: "http://ai.test", fetch });
    const error = await rewriter.rewriteListingDescription("x".repeat(MAX_AI_INPUT_CHARS + 1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiServiceError);
    expect((error as AiServiceError).status).toBe("TOO_LONG");
    expect(calls).toHaveLength(0);
  });

  it("reports an unreachable service without leaking the key", async () => {
    const fetch = (() => Promise.reject(new TypeError("fetch failed"))) as typeof globalThis.fetch;
    const rewriter = new OpenAiCompatibleRewriter({ baseUrl: "http://ai.test", apiKey: "sk-secret", fetch });
    const error = (await rewriter.rewriteListingDescription("room").catch((e: unknown) => e)) as AiServiceError;
    expect(error.message).toBe("The AI service could not be reached. Please try again later.");
    expect(error.status).toBe("NETWORK");
    expect(`${error.message} ${error.detail}`).not.toContain("sk-secret");
  });
});
