import { describe, expect, it } from "vitest";
import { ACCOUNT_DATA_MESSAGES, parseDeleteAccountForm } from "~/modules/account-data/account-data";

const form = (values: Record<string, string>) => new Map(Object.entries(values));

describe("parseDeleteAccountForm", () => {
  it("needs DELETE typed exactly", () => {
    for (const confirmation of ["", "delete", "DELETE ME"]) {
      expect(parseDeleteAccountForm(form({ confirmation, password: "secret" }))).toEqual({
        success: false,
        message: ACCOUNT_DATA_MESSAGES.confirmationMissing,
      });
    }
  });

  it("takes the password, else an e-mailed code, else refuses", () => {
    expect(parseDeleteAccountForm(form({ confirmation: "DELETE", password: "secret" }))).toEqual({
      success: true,
      credential: { method: "password", password: "secret" },
    });
    expect(parseDeleteAccountForm(form({ confirmation: " DELETE ", code: " 123456 " }))).toEqual({
      success: true,
      credential: { method: "code", code: "123456" },
    });
    expect(parseDeleteAccountForm(form({ confirmation: "DELETE" }))).toEqual({
      success: false,
      message: ACCOUNT_DATA_MESSAGES.credentialMissing,
    });
  });
});
