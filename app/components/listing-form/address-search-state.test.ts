import { describe, expect, it } from "vitest";
import {
  addressSearchReducer,
  addressSearchStatus,
  enterChoice,
  initialAddressSearchState,
  isSearchableQuery,
  type AddressSearchAction,
  type AddressSearchState,
} from "~/app/components/listing-form/address-search-state";
import type { AddressSuggestion } from "~/lib/adapters/maps/maps-adapter";

function suggestion(suburb: string, streetAddress = ""): AddressSuggestion {
  return {
    id: `id:${suburb}`,
    label: [streetAddress, `${suburb} VIC 3053`].filter(Boolean).join(", "),
    streetAddress,
    suburb,
    state: "VIC",
    postcode: "3053",
    country: "Australia",
    lat: -37.8,
    lng: 144.97,
    // The offline gazetteer places every suggestion at its suburb, street addresses too.
    precision: "suburb",
  };
}

const A = suggestion("Carlton");
const B = suggestion("Carlton North");
const C = suggestion("Carlton South");

const run = (...actions: AddressSearchAction[]) =>
  actions.reduce<AddressSearchState>(addressSearchReducer, initialAddressSearchState);

const withResults = (...suggestions: AddressSuggestion[]) =>
  run({ type: "typed", query: "Carl" }, { type: "loaded", query: "Carl", suggestions });

describe("address search state", () => {
  it("searches only from 3 characters", () => {
    expect(isSearchableQuery("  ab ")).toBe(false);
    expect(isSearchableQuery("abc")).toBe(true);
    expect(run({ type: "typed", query: "Ca" })).toMatchObject({ query: "Ca", status: "idle", open: false });
    expect(run({ type: "typed", query: "Car" })).toMatchObject({ query: "Car", status: "loading" });
  });

  it("opens the list when suggestions for the typed query arrive", () => {
    expect(withResults(A, B)).toMatchObject({ status: "ready", suggestions: [A, B], open: true, activeIndex: -1 });
    expect(withResults()).toMatchObject({ status: "ready", suggestions: [], open: false });
  });

  it("drops answers for a query that is no longer typed", () => {
    const state = run(
      { type: "typed", query: "Carl" },
      { type: "typed", query: "Carlton N" },
      { type: "loaded", query: "Carl", suggestions: [A, B, C] },
    );
    expect(state).toMatchObject({ status: "loading", suggestions: [], open: false });
    expect(addressSearchReducer(state, { type: "failed", query: "Carl", message: "x" }).status).toBe("loading");
    // Differences of white space alone are the same query.
    expect(addressSearchReducer(state, { type: "loaded", query: " Carlton  N", suggestions: [B] }).status).toBe(
      "ready",
    );
  });

  it("clears suggestions when the query becomes too short", () => {
    const state = addressSearchReducer(withResults(A, B), { type: "typed", query: "Ca" });
    expect(state).toMatchObject({ status: "idle", suggestions: [], open: false, activeIndex: -1 });
  });

  it("moves with the arrow keys, wrapping at either end", () => {
    const ready = withResults(A, B, C);
    const down = (state: AddressSearchState) => addressSearchReducer(state, { type: "move", by: 1 });
    const up = (state: AddressSearchState) => addressSearchReducer(state, { type: "move", by: -1 });
    expect(down(ready).activeIndex).toBe(0);
    expect(down(down(ready)).activeIndex).toBe(1);
    expect(down(down(down(down(ready)))).activeIndex).toBe(0);
    expect(up(ready).activeIndex).toBe(2);
    expect(up(down(ready)).activeIndex).toBe(2);
    expect(down(initialAddressSearchState)).toBe(initialAddressSearchState);
  });

  it("reopens a closed list from the arrow keys", () => {
    const closed = addressSearchReducer(withResults(A, B), { type: "close" });
    expect(closed).toMatchObject({ open: false, activeIndex: -1 });
    expect(addressSearchReducer(closed, { type: "move", by: -1 })).toMatchObject({ open: true, activeIndex: 1 });
  });

  it("follows the mouse within the list only", () => {
    const ready = withResults(A, B);
    expect(addressSearchReducer(ready, { type: "hover", index: 1 }).activeIndex).toBe(1);
    expect(addressSearchReducer(ready, { type: "hover", index: 2 })).toBe(ready);
  });

  it("chooses with Enter: the active option, else the only suggestion, else nothing", () => {
    const ready = withResults(A, B, C);
    expect(enterChoice(ready)).toBeNull();
    expect(enterChoice(addressSearchReducer(ready, { type: "move", by: 1 }))).toBe(A);
    expect(enterChoice(withResults(B))).toBe(B);
    // Not while a newer query is still on its way.
    expect(enterChoice(addressSearchReducer(withResults(B), { type: "typed", query: "Carlto" }))).toBeNull();
  });

  it("shows the chosen suggestion's label and closes", () => {
    const chosen = addressSearchReducer(withResults(A, B), { type: "selected", suggestion: B });
    expect(chosen).toMatchObject({
      query: "Carlton North VIC 3053",
      status: "idle",
      suggestions: [],
      open: false,
      selected: B,
    });
  });

  it("describes the state for screen readers", () => {
    expect(addressSearchStatus(initialAddressSearchState)).toBe("");
    expect(addressSearchStatus(run({ type: "typed", query: "Carl" }))).toBe("");
    expect(addressSearchStatus(withResults())).toBe("No matches");
    expect(addressSearchStatus(withResults(A))).toBe("1 suggestion");
    expect(addressSearchStatus(withResults(A, B, C))).toBe("3 suggestions");
    const failed = run({ type: "typed", query: "Carl" }, { type: "failed", query: "Carl", message: "Not now." });
    expect(failed).toMatchObject({ status: "error", open: false });
    expect(addressSearchStatus(failed)).toBe("Not now.");
    expect(addressSearchStatus(addressSearchReducer(withResults(A), { type: "selected", suggestion: A }))).toBe(
      "Selected Carlton VIC 3053. Only a suburb was chosen — add the street address below.",
    );
    // A street address is a full address, wherever the map can place it.
    const street = suggestion("Fitzroy", "120 Brunswick Street");
    expect(
      addressSearchStatus(addressSearchReducer(withResults(street), { type: "selected", suggestion: street })),
    ).toBe("Selected 120 Brunswick Street, Fitzroy VIC 3053.");
  });
});
