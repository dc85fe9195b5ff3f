import { describe, expect, it } from "vitest";
import { OfflineTextRewriter, tidyListingDescription } from "~/lib/adapters/ai/offline-rewriter.server";

const SEED_STYLE = [
  "Furnished double room · Bills included · Fast Wi-Fi · 3 min to Flinders Street Station",
  "Bright north-facing room on the second floor of a converted warehouse, right above the cafés of Degraves Street.",
  "Leases from 3 to 6 months. Electricity, gas, internet and a fortnightly clean of the common areas are included in the rent.",
  "Minimum stay 4 months, maximum 12. Melbourne Central Station is a 4-minute walk.",
].join("\n");

describe("offline rewriter", () => {
  it("is the offline provider and resolves to the tidied text", async () => {
    const rewriter = new OfflineTextRewriter();
    expect(rewriter.provider).toBe("offline");
    await expect(rewriter.rewriteListingDescription("quiet room, desk\nclose to uni")).resolves.toBe(
      "Quiet room · Desk\nClose to uni.",
    );
  });

  it("leaves an already tidy description exactly as it is", () => {
    expect(tidyListingDescription(SEED_STYLE)).toBe(SEED_STYLE);
  });

  it("turns a comma or semicolon list on the first line into a · summary", () => {
    expect(tidyListingDescription("furnished double room, bills incl, fast wifi, 3 min to the tram")).toBe(
      "Furnished double room · Bills included · Fast Wi-Fi · 3 min to the tram",
    );
    expect(tidyListingDescription("Private ensuite; study nook; and balcony.")).toBe(
      "Private ensuite · Study nook · Balcony",
    );
    expect(tidyListingDescription("Room | bills incl. | 2br apartment")).toBe(
      "Room · Bills included · 2-bedroom apartment",
    );
    expect(tidyListingDescription("Furnished room  ·bills included·   wifi")).toBe(
      "Furnished room · Bills included · Wi-Fi",
    );
  });

  it("keeps a first line that is a sentence, not a list, as one line", () => {
    const sentence =
      "This is a lovely room in a shared house in Carlton, close to the university and the cafes of Lygon Street, perfect for students. it has a desk";
    expect(tidyListingDescription(`${sentence}\nmore`)).toBe(
      "This is a lovely room in a shared house in Carlton, close to the university and the cafes of Lygon Street, perfect for students. It has a desk\nMore.",
    );
  });

  it("normalises spacing, removes repeated blank lines and trims the text", () => {
    expect(
      tidyListingDescription("\n\n  Room · Desk  \r\n\r\n\r\n\tbright   room , quiet street .\n\n\n\nnear shops\n\n"),
    ).toBe("Room · Desk\n\nBright room, quiet street.\n\nNear shops.");
  });

  it("capitalises sentences and the pronoun I, but not abbreviations, links or brand names", () => {
    expect(tidyListingDescription("Room\ni'm a nurse and i work nights. the room is quiet! ok?")).toBe(
      "Room\nI'm a nurse and I work nights. The room is quiet! Ok?",
    );
    expect(
      tidyListingDescription("Room\nsee www.example.com for photos. e.g. the desk stays. eBay finds included"),
    ).toBe("Room\nSee www.example.com for photos. e.g. the desk stays. eBay finds included.");
    expect(tidyListingDescription("Room\nnear Flinders St. station, open until 10 p.m. on weekdays")).toBe(
      "Room\nNear Flinders St. station, open until 10 p.m. on weekdays.",
    );
  });

  it("ends every details sentence with a full stop, without doubling one", () => {
    expect(
      tidyListingDescription(
        'Room\nquiet street\nlovely!\nwhat a view?\nIncluded:\nclose to shops,\nhe said "great."\nsunny (north facing)',
      ),
    ).toBe(
      'Room\nQuiet street.\nLovely!\nWhat a view?\nIncluded:\nClose to shops.\nHe said "great."\nSunny (north facing).',
    );
  });

  it("expands common abbreviations without changing their meaning", () => {
    const cases: [string, string][] = [
      ["queen bed w/ linen", "Queen bed with linen."],
      ["W/ desk and chair", "With desk and chair."],
      ["a room w/o a window", "A room without a window."],
      ["rent incl. bills and wifi", "Rent including bills and Wi-Fi."],
      ["bills incl., internet too", "Bills included, internet too."],
      ["all bills incl. The room is large", "All bills included. The room is large."],
      ["approx 2 km to the city", "Approximately 2 km to the city."],
      ["$300pw, bond $1,200", "$300 per week, bond $1,200."],
      ["$320 p.w. The bond is four weeks", "$320 per week. The bond is four weeks."],
      ["5 min walk to the tram", "5-minute walk to the tram."],
      ["the tram is 10 mins away", "The tram is 10 minutes away."],
      ["the station is 1 min from the door", "The station is 1 minute from the door."],
      ["the tram is 5 min. The stop is sheltered", "The tram is 5 minutes. The stop is sheltered."],
      ["24 hr gym", "24-hour gym."],
      ["a 3br apartment", "A 3-bedroom apartment."],
      ["min 3 months, max. 12", "Minimum 3 months, maximum 12."],
      ["Min stay 4 months", "Minimum stay 4 months."],
    ];
    for (const [input, expected] of cases) {
      expect(tidyListingDescription(`Room\n${input}`), input).toBe(`Room\n${expected}`);
    }
  });

  it("keeps times short in the features summary but expands them in the details", () => {
    expect(tidyListingDescription("Double room, 3 min to Flinders St\n3 min to Flinders St")).toBe(
      "Double room · 3 min to Flinders St\n3 minutes to Flinders St.",
    );
  });

  it("leaves words that only look like abbreviations alone", () => {
    const text = "Room\nInclusive pricing, window with a view, admin fee of $50, www.site.com/w/page.";
    expect(tidyListingDescription(text)).toBe(text);
  });

  it("tidies list items in the details without forcing full stops on them", () => {
    expect(tidyListingDescription("Room\nIncluded:\n- desk and chair\n* fast wifi\n• linen\n1) bond 4 weeks")).toBe(
      "Room\nIncluded:\n• Desk and chair\n• Fast Wi-Fi\n• Linen\n1) Bond 4 weeks",
    );
  });

  it("is deterministic and idempotent", () => {
    const messy =
      "furnished room, bills incl, wifi\n\n\nbright room w/ desk .  5 min walk to tram\ni'm a nurse\n- shared bathroom\n\nmin 3 months";
    const once = tidyListingDescription(messy);
    expect(tidyListingDescription(messy)).toBe(once);
    expect(tidyListingDescription(once)).toBe(once);
  });

  it("returns an empty string for blank input", () => {
    expect(tidyListingDescription(" \n\t\n ")).toBe("");
  });
});
