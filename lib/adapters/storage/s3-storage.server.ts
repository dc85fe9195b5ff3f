import { createHash, createHmac } from "node:crypto";
import { assertSafeKey, isSafeKey, StorageError, type StorageAdapter } from "~/lib/adapters/storage/storage-adapter";

/**
 * S3-compatible object storage (AWS S3, Cloudflare R2, MinIO…) over plain HTTPS with Signature
 * Version 4, path-style addressing (`{endpoint}/{bucket}/{key}`), so no SDK is needed. Objects
 * are read through `publicUrl` (default: the same path-style URL), so the bucket or a CDN in front
 * of it must allow public reads.
 */
export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** Base URL objects are read from; defaults to `{endpoint}/{bucket}`. */
  publicUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

export class S3StorageAdapter implements StorageAdapter {
  readonly #options: S3StorageOptions;
  readonly #objectBase: string;
  readonly #publicBase: string;
  /** Where its public URLs point: the endpoint, or whatever serves `publicUrl`. */
  readonly imageOrigins: readonly string[];

  constructor(options: S3StorageOptions) {
    this.#options = options;
    this.#objectBase = `${options.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(options.bucket)}`;
    this.#publicBase = (options.publicUrl ?? this.#objectBase).replace(/\/+$/, "");
    this.imageOrigins = [new URL(this.#publicBase).origin];
  }

  async putObject({ key, body, contentType }: { key: string; body: Buffer; contentType: string }) {
    await this.#send("PUT", key, body, { "content-type": contentType });
    return { url: `${this.#publicBase}/${key}` };
  }

  async deleteObject(key: string): Promise<void> {
    await this.#send("DELETE", key, Buffer.alloc(0), {});
  }

  keyFromUrl(url: string): string | undefined {
    const prefix = `${this.#publicBase}/`;
    if (!url.startsWith(prefix)) return undefined;
    const key = url.slice(prefix.length);
    return isSafeKey(key) ? key : undefined;
  }

  async #send(method: "PUT" | "DELETE", key: string, body: Buffer, extra: Record<string, string>): Promise<void> {
    assertSafeKey(key);
    const url = new URL(`${this.#objectBase}/${key}`);
    const headers = signV4({
      method,
      url,
      headers: extra,
      payloadHash: sha256Hex(body),
      accessKeyId: this.#options.accessKeyId,
      secretAccessKey: this.#options.secretAccessKey,
      region: this.#options.region ?? "us-east-1",
      service: "s3",
      date: (this.#options.now ?? (() => new Date()))(),
    });
    let response: Response;
    try {
      response = await (this.#options.fetch ?? fetch)(url, {
        method,
        headers,
        body: method === "PUT" ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new StorageError(`Object storage could not be reached (${method} ${key})`, { cause: error });
    }
    const text = await response.text().catch(() => "");
    // DELETE of a missing object answers 204 on S3; some compatible stores answer 404.
    if (response.ok || (method === "DELETE" && response.status === 404)) return;
    throw new StorageError(
      `Object storage refused ${method} ${key}: HTTP ${response.status} ${text.replace(/\s+/g, " ").slice(0, 200)}`.trim(),
    );
  }
}

export function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding of one path segment, as SigV4 canonical URIs need it. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(decodeURIComponent(segment)).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * AWS Signature Version 4 for a request without a query string: signs `host`, `x-amz-date`,
 * `x-amz-content-sha256` and every header given, and returns all of them plus Authorization.
 */
export function signV4(request: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
  date: Date;
}): Record<string, string> {
  const amzDate = request.date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    host: request.url.host,
    "x-amz-content-sha256": request.payloadHash,
    "x-amz-date": amzDate,
  };
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value.trim();
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    request.method,
    request.url.pathname.split("/").map(encodeSegment).join("/"),
    "",
    ...names.map((name) => `${name}:${headers[name]}`),
    "",
    signedHeaders,
    request.payloadHash,
  ].join("\n");
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  let key = hmac(`AWS4${request.secretAccessKey}`, day);
  for (const part of [request.region, request.service, "aws4_request"]) key = hmac(key, part);
  const signature = createHmac("sha256", key).update(stringToSign).digest("hex");
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${request.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
