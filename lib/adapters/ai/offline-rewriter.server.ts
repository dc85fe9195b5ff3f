import type { TextRewriter } from "~/lib/adapters/ai/text-rewriter";

/**
 * The local default when no AI service is configured: a deterministic editor. It only tidies and
 * structures what the landlord wrote — spacing, capitals, full stops, a few common abbreviations,
 * the first line as a " · " features summary — and never adds a fact.
 */
export class OfflineTextRewriter implements TextRewriter {
  readonly provider = "offline" as const;

  rewriteListingDescription(text: string): Promise<string> {
    return Promise.resolve(tidyListingDescription(text));
  }
}

/** The tidied description: first line the features summary, then the details; the same input always gives the same output. */
export function tidyListingDescription(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").map(tidySpacing);
  const first = lines.findIndex((line) => line !== "");
  if (first === -1) return "";
  const output = [tidyFeaturesLine(lines[first] ?? "")];
  for (const line of lines.slice(first + 1)) {
    if (line === "") {
      if (output.at(-1) !== "") output.push("");
    } else {
      output.push(tidyDetailsLine(line));
    }
  }
  while (output.at(-1) === "") output.pop();
  return output.join("\n");
}

/** Separators that always mean a list; commas, semicolons and spaced dashes only when the items are short. */
const STRONG_SEPARATOR = /\s*[·•|]\s*/;
const WEAK_SEPARATOR = /\s*;\s*|,\s+|\s+[-–—]\s+/;
const MAX_ITEM_WORDS = 8;
const MAX_ITEM_CHARS = 60;
const BULLET = /^(?:[-*•·–]|\d{1,2}[.)])\s+/;

function tidyFeaturesLine(line: string): string {
  // "3 min to Flinders Street" is the summary's house style, so times stay short here.
  const text = expandAbbreviations(line.replace(BULLET, ""), { times: false });
  const items = listItems(text);
  if (!items) return capitaliseSentences(fixPronoun(text));
  return items
    .map((item) => item.replace(/^(?:and|&)\s+/i, "").replace(/(?<!\.)(?<!\betc)\.$/, ""))
    .map((item) => fixPronoun(item).replace(/^\S+/, capitaliseWord))
    .join(" · ");
}

/** The line's items when it reads as a list of features, else null (a sentence stays a sentence). */
function listItems(line: string): string[] | null {
  const strong = line.split(STRONG_SEPARATOR).filter(Boolean);
  if (strong.length >= 2) return strong;
  if (/[.!?]\s+\p{L}/u.test(line)) return null;
  const weak = line.split(WEAK_SEPARATOR).filter(Boolean);
  const short = weak.every((item) => item.length <= MAX_ITEM_CHARS && item.split(" ").length <= MAX_ITEM_WORDS);
  return weak.length >= 2 && short ? weak : null;
}

function tidyDetailsLine(line: string): string {
  const bullet = BULLET.exec(line);
  const body = capitaliseSentences(fixPronoun(expandAbbreviations(bullet ? line.slice(bullet[0].length) : line)));
  if (!bullet) return endSentence(body);
  // List items are fragments: no full stop is forced on them.
  const marker = /^\d/.test(bullet[0]) ? bullet[0].trim() : "•";
  return `${marker} ${body}`;
}

/** One space between words, none before punctuation, one after a comma; repeated marks once. */
function tidySpacing(line: string): string {
  return line
    .replace(/[\s\u00A0\u2000-\u200A\u202F]+/g, " ")
    .trim()
    .replace(/ +([,;:!?])/g, "$1")
    .replace(/ +\.(?![\d.])/g, ".")
    .replace(/([,;])(?=\p{L})/gu, "$1 ")
    .replace(/([!?,])\1+/g, "$1")
    .replace(/(?<!\.)\.\.(?!\.)/g, ".");
}

/** Words that, capitalised after an abbreviation's full stop, show that the stop also ended the sentence. */
const SENTENCE_STARTER =
  /^\s+(?:The|This|That|These|Those|It|Its|We|You|Your|Our|There|A|An|I|He|She|They|My|Please)\b/;

/**
 * Replaces each match of `pattern` (an abbreviation, optionally followed by its full stop), keeping
 * that full stop when it also ends a sentence.
 */
function expand(
  text: string,
  pattern: RegExp,
  expansion: (match: { groups: string[]; rest: string; endsSentence: boolean }) => string,
): string {
  return text.replace(pattern, (...args: unknown[]) => {
    const match = args[0] as string;
    const offset = args.at(-2) as number;
    const rest = (args.at(-1) as string).slice(offset + match.length);
    const endsSentence = match.endsWith(".") && (rest.trim() === "" || SENTENCE_STARTER.test(rest));
    const groups = args.slice(1, -2) as string[];
    return expansion({ groups, rest, endsSentence }) + (endsSentence ? "." : "");
  });
}

const UNITS: Record<string, string> = {
  min: "minute",
  mins: "minute",
  hr: "hour",
  hrs: "hour",
  br: "bedroom",
  bdr: "bedroom",
  bdrm: "bedroom",
  bdrms: "bedroom",
};
const UNIT_WITH_TIMES = /\b(\d+(?:\.\d+)?)[ -]?(mins?|hrs?|br|bdrms?|bdr)(?:\.(?!\.))?(?![\p{L}\p{N}-])/giu;
const UNIT_WITHOUT_TIMES = /\b(\d+(?:\.\d+)?)[ -]?(br|bdrms?|bdr)(?:\.(?!\.))?(?![\p{L}\p{N}-])/giu;
/** After these, a number and unit is a quantity ("5 minutes to the tram"); before other words an adjective ("5-minute walk"). */
const NOT_A_NOUN =
  /^\s+(?:to|from|by|on|in|at|of|off|away|with|and|or|via|each|per|is|are|was|walking|driving|max|maximum|min|minimum)\b/i;

function expandAbbreviations(line: string, options: { times: boolean } = { times: true }): string {
  let text = line
    .replace(
      /(^|[\s(])([Ww])\/[Oo](?=$|[^\p{L}\p{N}])/gu,
      (_match, lead: string, w: string) => lead + matchCase(w, "without"),
    )
    .replace(
      /(^|[\s(])([Ww])\/ *(?=[\p{L}\p{N}$])/gu,
      (_match, lead: string, w: string) => `${lead}${matchCase(w, "with")} `,
    )
    .replace(/\bwi-?fi\b/gi, "Wi-Fi");
  text = expand(text, /\b(incl)(?:\.(?!\.))?(?![\p{L}\p{N}])/giu, ({ groups: [word = ""], rest, endsSentence }) =>
    matchCase(word, !endsSentence && /^\s*[\p{L}\p{N}$]/u.test(rest) ? "including" : "included"),
  );
  text = expand(text, /\b(approx)(?:\.(?!\.))?(?![\p{L}\p{N}])/giu, ({ groups: [word = ""] }) =>
    matchCase(word, "approximately"),
  );
  text = expand(
    text,
    /(\d) ?(?:p\/w|p\.w|pw)(?:\.(?!\.))?(?![\p{L}\p{N}])/giu,
    ({ groups: [digit = ""] }) => `${digit} per week`,
  );
  text = expand(
    text,
    options.times ? UNIT_WITH_TIMES : UNIT_WITHOUT_TIMES,
    ({ groups: [count = "", unit = ""], rest, endsSentence }) => {
      const word = UNITS[unit.toLowerCase()] ?? unit;
      if (!endsSentence && /^\s+\p{L}/u.test(rest) && !NOT_A_NOUN.test(rest)) return `${count}-${word}`;
      return `${count} ${word}${count === "1" ? "" : "s"}`;
    },
  );
  // "Min 3 months", "max stay": a limit, not minutes (a number before it would make it minutes).
  return expand(
    text,
    /(?<!\d\s*)\b(min|max)(?:\.(?!\.))?(?=\s*(?:\d|stay|lease|term|of\b))/giu,
    ({ groups: [word = ""] }) => matchCase(word, word.toLowerCase() === "min" ? "minimum" : "maximum"),
  );
}

/** The pronoun "i" (also in "i'm", "i've"…) as "I". */
function fixPronoun(text: string): string {
  return text.replace(/(^|[\s("“‘])i(?=['’](?:m|ve|ll|d)\b|[\s,!?;:]|$)/gu, "$1I");
}

/** Abbreviations after which a full stop does not end the sentence. */
const NO_SENTENCE_END = /(?:(?:^|\s)(?:e\.g|i\.e|etc|vs|no|st|rd|ave|dr|mt|mr|mrs|ms|cnr|a\.m|p\.m)|\.\.)\.$/i;

/** The first word of the text and of each sentence starts with a capital (words like "iPhone" or "www.x.com" are left alone). */
function capitaliseSentences(text: string): string {
  return text.replace(/(^|[.!?]\s+)(\S+)/gu, (match, lead: string, word: string, offset: number) => {
    if (lead && NO_SENTENCE_END.test(text.slice(0, offset + 1))) return match;
    return lead + capitaliseWord(word);
  });
}

function capitaliseWord(word: string): string {
  if (!/^\p{Ll}/u.test(word) || /[\p{Lu}\p{N}@/\\]|\.\p{L}/u.test(word)) return word;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A details line ends with a full stop unless it already ends a sentence, introduces something (:) or ends in a symbol. */
function endSentence(line: string): string {
  const core = line.replace(/["'’”)\]]+$/u, "");
  if (/[.!?:…]$/u.test(core)) return line;
  if (/[,;]$/.test(line)) return `${line.slice(0, -1)}.`;
  return /[\p{L}\p{N}%)\]"'’”]$/u.test(line) ? `${line}.` : line;
}

function matchCase(source: string, replacement: string): string {
  return /^\p{Lu}/u.test(source) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}
