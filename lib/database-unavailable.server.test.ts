import { describe, expect, it } from "vitest";
import { failedForDatabase, isDatabaseUnavailable, markDatabaseUnavailable } from "~/lib/database-unavailable.server";

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("isDatabaseUnavailable", () => {
  it("recognises a refused, lost or shutting-down database, also wrapped as a cause", () => {
    expect(isDatabaseUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("the database system is starting up", "57P03"))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error("Failed query: select 1", { cause: withCode("refused", "ECONNREFUSED") })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("refused", "ECONNREFUSED")]))).toBe(true);
  });

  it("leaves bugs and data errors alone", () => {
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("duplicate key value violates unique constraint", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("relation does not exist", "42P01"))).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
  });
});

describe("markDatabaseUnavailable", () => {
  it("marks only the request whose error said the database was away", () => {
    const away = {};
    const buggy = {};
    markDatabaseUnavailable(away, withCode("refused", "ECONNREFUSED"));
    markDatabaseUnavailable(buggy, new Error("bug"));
    expect(failedForDatabase(away)).toBe(true);
    expect(failedForDatabase(buggy)).toBe(false);
  });
});
