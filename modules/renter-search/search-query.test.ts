import { describe, expect, it } from "vitest";
import { isInvitable } from "~/modules/renter-search/permissions";
import { parseRenterSearch, renterSearchHref } from "~/modules/renter-search/search-query";

const parse = (search: string) => parseRenterSearch(new URLSearchParams(search));

describe("the renter search's GET parameters", () => {
  it("reads every filter and writes the same address back", () => {
    const query = parse("budget=350&moveIn=2027-01-20&stay=6&area=place:carlton&verified=1&referenced=1&page=2");
    expect(query).toEqual({
      budget: 350,
      moveIn: "2027-01-20",
      stay: 6,
      area: "place:carlton",
      verifiedOnly: true,
      referencedOnly: true,
      page: 2,
    });
    expect(renterSearchHref(query)).toBe(
      "/settings/renters?budget=350&moveIn=2027-01-20&stay=6&area=place%3Acarlton&verified=1&referenced=1&page=2",
    );
    expect(renterSearchHref(query, 1)).not.toContain("page=");
  });

  it("drops what it cannot read instead of guessing", () => {
    expect(parse("budget=-5&moveIn=2027-02-30&stay=2&area=%3Cscript%3E&verified=yes&page=0")).toEqual({
      budget: null,
      moveIn: null,
      stay: null,
      area: null,
      verifiedOnly: false,
      referencedOnly: false,
      page: 1,
    });
    expect(parse(`budget=${"9".repeat(40)}&stay=13&page=99999`)).toMatchObject({ budget: null, stay: null, page: 1 });
    expect(renterSearchHref(parse(""))).toBe("/settings/renters");
  });
});

describe("who may be invited", () => {
  it("a findable renter who accepts invitations; findable off stops them too", () => {
    expect(isInvitable({ findable: true, acceptsInvitations: true })).toBe(true);
    expect(isInvitable({ findable: true, acceptsInvitations: false })).toBe(false);
    expect(isInvitable({ findable: false, acceptsInvitations: true })).toBe(false);
    expect(isInvitable(null)).toBe(false);
  });
});
