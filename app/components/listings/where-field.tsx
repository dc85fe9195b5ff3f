import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";
import { fieldClasses } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import {
  normaliseWhereQuery,
  WHERE_QUERY_MAX_LENGTH,
  WHERE_QUERY_MIN_LENGTH,
  WHERE_SEARCH_UNAVAILABLE,
  WHERE_SUGGESTIONS_ENDPOINT,
  type WhereSuggestion,
  type WhereSuggestionsBody,
} from "~/modules/places/where-suggestions";

const DEBOUNCE_MS = 200;
const ID = "search-where";
/** The hint under Where says what Within (search-bar.tsx) does; it describes both. */
const WHERE_HINT_ID = "search-within-hint";

export interface WhereFieldProps {
  /** The search's `where` as the URL has it: a place's id, typed text or "lat,lng". */
  value?: string;
  /** The place the server found for `value` (id null for a point). */
  place?: { id: string | null; name: string; kind: string } | null;
  /** Why the server could not use `value`. */
  error?: string | null;
  /**
   * Where choosing a place goes at once, with the place (and Within) in its query, replacing the
   * current history entry: the home page ("/#featured-listings"), whose featured rooms follow the
   * place. Without it, choosing only fills the field; sending the form searches.
   */
  chooseGoesTo?: string;
}

type Chosen = { id: string; name: string; kind: string };

// Answers already fetched in this page's life: typing back and forth asks once.
const answers = new Map<string, WhereSuggestion[]>();

/**
 * Where and Within. Without JavaScript, a text field and a select in the GET form: the server finds
 * typed text as a place. With it, the field is a combobox (ARIA 1.2, list autocomplete): suggestions
 * from GET /search/places as the renter types; arrows move, Enter chooses the active one (else sends
 * the form), Escape closes. A chosen place shows its name while the form sends its id, so the
 * search is the one chosen. (Within, beside it, is a plain select in the search bar.)
 */
export function WhereField({ value, place, error, chooseGoesTo }: WhereFieldProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const initial: Chosen | null = place?.id ? { id: place.id, name: place.name, kind: place.kind } : null;
  const [chosen, setChosen] = useState<Chosen | null>(initial);
  const [query, setQuery] = useState(initial?.name ?? value ?? "");
  const [suggestions, setSuggestions] = useState<WhereSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<"idle" | "loading" | "ready" | "error">("idle");
  const [message, setMessage] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);
  const latest = useRef("");
  const sendsId = hydrated && chosen !== null && query === chosen.name;
  const describedBy = [error ? `${ID}-error` : null, WHERE_HINT_ID].filter(Boolean).join(" ");

  async function search(text: string) {
    const key = normaliseWhereQuery(text).toLowerCase();
    latest.current = key;
    const show = (found: WhereSuggestion[]) => {
      if (latest.current !== key) return;
      setSuggestions(found);
      setOpen(found.length > 0);
      setActive(-1);
      setStatus("ready");
    };
    const cached = answers.get(key);
    if (cached) return show(cached);
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      const response = await fetch(`${WHERE_SUGGESTIONS_ENDPOINT}?${new URLSearchParams({ q: key })}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      const body = (await response.json().catch(() => null)) as WhereSuggestionsBody | null;
      if (body && "suggestions" in body && response.ok) {
        answers.set(key, body.suggestions);
        show(body.suggestions);
      } else throw new Error(body && "error" in body ? body.error : WHERE_SEARCH_UNAVAILABLE);
    } catch (failure) {
      if (controller.signal.aborted || latest.current !== key) return;
      setStatus("error");
      setMessage(failure instanceof Error ? failure.message : WHERE_SEARCH_UNAVAILABLE);
      setOpen(false);
    }
  }

  function typed(text: string) {
    setQuery(text);
    clearTimeout(timer.current);
    if (normaliseWhereQuery(text).length < WHERE_QUERY_MIN_LENGTH) {
      latest.current = "";
      setStatus("idle");
      setSuggestions([]);
      setOpen(false);
      return;
    }
    setStatus("loading");
    timer.current = setTimeout(() => void search(text), DEBOUNCE_MS);
  }

  // Text typed before this code arrived is searched as if typed now.
  useEffect(() => {
    const text = input.current?.value ?? "";
    if (text !== query) typed(text);
    return () => {
      clearTimeout(timer.current);
      request.current?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  function choose(suggestion: WhereSuggestion) {
    clearTimeout(timer.current);
    latest.current = "";
    setChosen(suggestion);
    setQuery(suggestion.name);
    if (input.current) input.current.value = suggestion.name;
    setOpen(false);
    setActive(-1);
    setStatus("idle");
    if (chooseGoesTo) {
      const target = new URL(chooseGoesTo, window.location.href);
      target.searchParams.set("where", suggestion.id);
      const within = input.current?.form?.elements.namedItem("radius_km");
      if (within instanceof HTMLSelectElement && within.value) target.searchParams.set("radius_km", within.value);
      void navigate(`${target.pathname}${target.search}${target.hash}`, { replace: true });
    }
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const count = suggestions.length;
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && count > 0) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      setActive((index) => (!open || index < 0 ? (step > 0 ? 0 : count - 1) : (index + step + count) % count));
    } else if (event.key === "Enter" && open && active >= 0) {
      // Choosing a place does not send the form; Enter again does.
      event.preventDefault();
      const suggestion = suggestions[active];
      if (suggestion) choose(suggestion);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const statusText =
    status === "error"
      ? message
      : status === "ready"
        ? suggestions.length === 0
          ? "No places match"
          : `${suggestions.length} ${suggestions.length === 1 ? "suggestion" : "suggestions"}`
        : "";

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={ID}>Where</Label>
      <div className="relative">
        <Icon
          name="map-pin"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          ref={input}
          id={ID}
          name={sendsId ? undefined : "where"}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${ID}-listbox`}
          aria-activedescendant={open && active >= 0 ? `${ID}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder="Suburb, postcode, campus or hospital"
          autoComplete="off"
          spellCheck={false}
          maxLength={WHERE_QUERY_MAX_LENGTH}
          defaultValue={query}
          onChange={(event) => typed(event.target.value)}
          onKeyDown={keyDown}
          onBlur={() => setOpen(false)}
          className={cn(fieldClasses, "h-10 py-2 pl-9")}
        />
        {sendsId && <input type="hidden" name="where" value={chosen.id} />}
        <ul
          id={`${ID}-listbox`}
          role="listbox"
          aria-label="Places"
          hidden={!open}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-72 overflow-y-auto overscroll-contain rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            // Chosen from the keyboard through the input (aria-activedescendant).
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={suggestion.id}
              id={`${ID}-option-${index}`}
              role="option"
              aria-selected={index === active}
              data-active={index === active || undefined}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && setActive(index)}
              onClick={() => choose(suggestion)}
              className="cursor-pointer rounded-md px-2 py-2 text-sm data-active:bg-muted"
            >
              <span className="block truncate font-medium">{suggestion.name}</span>
              <span className="block truncate text-muted-foreground">{suggestion.label}</span>
            </li>
          ))}
        </ul>
      </div>
      {error && (
        <p id={`${ID}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <p id={WHERE_HINT_ID} className="text-xs text-muted-foreground">
        Within applies around a campus, hospital or station; a suburb or postcode keeps the rooms in it.
      </p>
      <p role="status" className={cn("text-sm text-destructive", status !== "error" && "sr-only")}>
        {statusText}
      </p>
    </div>
  );
}
