import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LISTING_REWRITE_PROMPT, OpenAiCompatibleRewriter } from "~/lib/adapters/ai/openai-compatible.server";
import { AiServiceError } from "~/lib/adapters/ai/text-rewriter";
import { enhanceDescription } from "~/modules/listings/enhance-description.server";

/**
 * A local server speaking the OpenAI chat-completions protocol. Each test sets `respond`; every
 * request's path, headers and parsed JSON body land in `requests`.
 */
type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

const KEY = "sk-test-0123456789abcdef";
const MODEL = "laneway-editor-1";
const ORIGINAL = "furnished room, bills incl, wifi\nbright room near the tram";
const ENHANCED =
  "Furnished room · Bills included · Wi-Fi\nA bright, furnished room close to the tram, with all bills and Wi-Fi included.";

let server: Server;
let baseUrl: string;
let requests: { path: string; headers: IncomingMessage["headers"]; body: ChatRequest | null }[] = [];
let respond: Handler = (_request, response) => json(response, completion(ENHANCED));

function json(response: ServerResponse, body: unknown, status = 200): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function completion(content: string) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_767_225_600,
    model: MODEL,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 100, completion_tokens: 30, total_tokens: 130 },
  };
}

/** Answers like the real API: 401 without the right bearer key, 404 off the endpoint, else `respond`. */
function chatCompletions(request: IncomingMessage, response: ServerResponse, raw: string): void {
  let body: ChatRequest | null = null;
  try {
    body = JSON.parse(raw) as ChatRequest;
  } catch {
    // recorded as null; the test then fails on it
  }
  requests.push({ path: request.url ?? "", headers: request.headers, body });
  if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
    json(response, { error: { message: "Not found" } }, 404);
  } else if (request.headers.authorization !== `Bearer ${KEY}`) {
    json(response, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } }, 401);
  } else {
    respond(request, response);
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => chatCompletions(request, response, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
  respond = (_request, response) => json(response, completion(ENHANCED));
});

const rewriter = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
  new OpenAiCompatibleRewriter({ baseUrl, apiKey: KEY, model: MODEL, ...options });

async function failure(promise: Promise<unknown>): Promise<AiServiceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AiServiceError);
  return error as AiServiceError;
}

describe("OpenAI-compatible rewriter against a chat-completions server", () => {
  it("sends the bearer key, the model, the system prompt and the description; returns the completion", async () => {
    await expect(rewriter().rewriteListingDescription(ORIGINAL)).resolves.toBe(ENHANCED);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body?.model).toBe(MODEL);
    expect(request?.body?.messages).toEqual([
      { role: "system", content: LISTING_REWRITE_PROMPT },
      { role: "user", content: ORIGINAL },
    ]);
  });

  it("asks the model to keep every fact, invent nothing and keep a · features line, in plain text", () => {
    expect(LISTING_REWRITE_PROMPT).toMatch(/Melbourne/);
    expect(LISTING_REWRITE_PROMPT).toMatch(/Keep every fact/);
    expect(LISTING_REWRITE_PROMPT).toMatch(/Invent nothing/);
    expect(LISTING_REWRITE_PROMPT).toMatch(/FIRST LINE is a short features summary/);
    expect(LISTING_REWRITE_PROMPT).toContain('" · "');
    expect(LISTING_REWRITE_PROMPT).toMatch(/Plain text only: no markdown/);
  });

  it("works through enhanceDescription, which keeps the features line first", async () => {
    respond = (_request, response) => json(response, completion("A bright, furnished room close to the tram."));
    await expect(enhanceDescription(ORIGINAL, rewriter())).resolves.toBe(
      "furnished room, bills incl, wifi\nA bright, furnished room close to the tram.",
    );
  });

  it("reports a refused key with its status, never the key itself", async () => {
    const error = await failure(rewriter({ apiKey: "sk-wrong-key" }).rewriteListingDescription(ORIGINAL));
    expect(error.message).toBe("The AI service refused the request (401).");
    expect(error.status).toBe("HTTP 401");
    expect(error.detail).toContain("Incorrect API key provided");
    expect(`${error.message} ${error.detail}`).not.toContain("sk-wrong-key");
  });

  it("turns a 500 into a clear error", async () => {
    respond = (_request, response) => json(response, { error: { message: "The server had an error" } }, 500);
    const error = await failure(rewriter().rewriteListingDescription(ORIGINAL));
    expect(error.message).toBe("The AI service is unavailable (500). Please try again later.");
    expect(error.status).toBe("HTTP 500");
  });

  it("gives up on a slow server after the timeout", async () => {
    respond = (_request, response) => {
      setTimeout(() => json(response, completion(ENHANCED)), 2_000).unref();
    };
    const started = Date.now();
    const error = await failure(rewriter({ timeoutMs: 200 }).rewriteListingDescription(ORIGINAL));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error.message).toBe("The AI service took too long to answer. Please try again.");
    expect(error.status).toBe("TIMEOUT");
  });

  it("gives up on a server that stalls after sending its headers", async () => {
    respond = (_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"choices":[');
    };
    const error = await failure(rewriter({ timeoutMs: 200 }).rewriteListingDescription(ORIGINAL));
    expect(error.status).toBe("TIMEOUT");
  });

  it("reports a body that is not JSON, or has no choices, clearly", async () => {
    respond = (_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<html>gateway</html>");
    };
    const notJson = await failure(rewriter().rewriteListingDescription(ORIGINAL));
    expect(notJson.message).toBe("The AI service sent an answer that could not be read.");
    expect(notJson.status).toBe("BAD_RESPONSE");

    respond = (_request, response) => json(response, { ...completion(""), choices: [] });
    const noChoices = await failure(rewriter().rewriteListingDescription(ORIGINAL));
    expect(noChoices.message).toBe("The AI service returned no text.");
  });

  it("reports a server that cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(
      new OpenAiCompatibleRewriter({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: KEY }).rewriteListingDescription(
        ORIGINAL,
      ),
    );
    expect(error.message).toBe("The AI service could not be reached. Please try again later.");
    expect(error.status).toBe("NETWORK");
  });
});
