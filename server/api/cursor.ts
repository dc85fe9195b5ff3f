/** Page cursors are opaque to clients: the keyset position as base64url JSON, checked when it comes back. */
export function encodeCursor(cursor: object): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

export function decodeCursor<T>(text: string, isCursor: (value: unknown) => value is T): T | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    return isCursor(value) ? value : null;
  } catch {
    return null;
  }
}
