import { describe, expect, it, vi } from "vitest";
import { settleWithin } from "~/server/graceful-shutdown";

describe("settleWithin", () => {
  it("returns as soon as the work finishes, saying nothing", async () => {
    const logger = { warn: vi.fn() };
    await settleWithin(Promise.resolve(), 10_000, logger);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("gives up on work that never settles once the time is up, and says so", async () => {
    vi.useFakeTimers();
    try {
      const logger = { warn: vi.fn() };
      const settled = settleWithin(new Promise(() => undefined), 4_000, logger);
      await vi.advanceTimersByTimeAsync(4_000);
      await settled;
      expect(logger.warn).toHaveBeenCalledWith(
        { waitedMs: 4_000 },
        expect.stringContaining("background work did not finish"),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("names what it gave up on", async () => {
    vi.useFakeTimers();
    try {
      const logger = { warn: vi.fn() };
      const settled = settleWithin(new Promise(() => undefined), 2_000, logger, "closing the database");
      await vi.advanceTimersByTimeAsync(2_000);
      await settled;
      expect(logger.warn).toHaveBeenCalledWith(
        { waitedMs: 2_000 },
        expect.stringMatching(/^closing the database did not/),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
