import { describe, expect, it } from "vitest";
import { isUnavailable } from "~/lib/db/replica-pool.server";

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe("isUnavailable: when a replica read is answered by the primary instead", () => {
  it("on a replica that cannot be reached, is shutting down or starting, or cancels a read for replay", () => {
    expect(isUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5433", "ECONNREFUSED"))).toBe(true);
    expect(isUnavailable(withCode("Connection terminated unexpectedly"))).toBe(true);
    expect(isUnavailable(withCode("Connection terminated due to connection timeout"))).toBe(true);
    expect(isUnavailable(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isUnavailable(withCode("the database system is starting up", "57P03"))).toBe(true);
    expect(isUnavailable(withCode("connection failure", "08006"))).toBe(true);
    expect(isUnavailable(withCode("canceling statement due to conflict with recovery", "40001"))).toBe(true);
  });

  it("never on a statement's own error, which the primary would raise too", () => {
    expect(isUnavailable(withCode('relation "nope" does not exist', "42P01"))).toBe(false);
    expect(isUnavailable(withCode("invalid input syntax for type uuid", "22P02"))).toBe(false);
    expect(isUnavailable(new TypeError("cannot read properties of undefined"))).toBe(false);
    expect(isUnavailable("not an error")).toBe(false);
  });
});
