import { useEffect, useId, useReducer, useRef, type ChangeEvent, type KeyboardEvent } from "react";
import { Icon } from "~/app/components/ui/icon";
import {
  browserSessionStorage,
  readCachedSuggestions,
  writeCachedSuggestions,
} from "~/app/components/listing-form/address-search-cache";
import {
  SUBURB_ONLY_NOTE,
  addressSearchReducer,
  addressSearchStatus,
  enterChoice,
  initialAddressSearchState,
  isSearchableQuery,
  isSuburbOnly,
} from "~/app/components/listing-form/address-search-state";
import { cn } from "~/app/components/ui/cn";
import { fieldClasses } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import type { AddressSuggestion } from "~/lib/adapters/maps/maps-adapter";
import {
  ADDRESS_QUERY_MAX_LENGTH,
  ADDRESS_SEARCH_UNAVAILABLE,
  normaliseAddressQuery,
  type AddressSuggestionsBody,
} from "~/modules/places/address-search";

/** The listing form's suggestion endpoint (listing writers only). */
export const ADDRESS_SUGGESTIONS_ENDPOINT = "/list-property/address-suggestions";
/** Wait this long after the last keystroke before searching. */
const DEBOUNCE_MS = 300;

export interface AddressSearchProps {
  /** Called with the chosen suggestion (the spec's "address selection result"); fill the address fields from it. */
  onSelect: (suggestion: AddressSuggestion) => void;
  /** Where suggestions come from: `${endpoint}?q=…` answering `{ suggestions }` or `{ error }`. */
  endpoint?: string;
}

/**
 * The "Property Address" search: a combobox (ARIA 1.2, list autocomplete) that suggests Australian
 * addresses 300 ms after typing stops, caching each query's suggestions in session storage for
 * 24 hours. Arrow keys move through the list, Enter chooses the active suggestion (or the only
 * one), Escape closes the list, a click chooses. Enter never submits the surrounding form. After a
 * choice it shows what was chosen, with a warning when it has no street address. The input has no
 * name: it is a search, not a form field.
 */
export function AddressSearch({ onSelect, endpoint = ADDRESS_SUGGESTIONS_ENDPOINT }: AddressSearchProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [state, dispatch] = useReducer(addressSearchReducer, initialAddressSearchState);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);
  const { open, activeIndex, suggestions, selected, status } = state;
  const statusText = addressSearchStatus(state);

  // Nothing may arrive after unmounting.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: "nearest" });
  }, [id, activeIndex]);

  function cancelSearch() {
    clearTimeout(timer.current);
    request.current?.abort();
  }

  async function search(query: string) {
    const storage = browserSessionStorage();
    const cached = readCachedSuggestions(storage, query);
    if (cached) {
      dispatch({ type: "loaded", query, suggestions: cached });
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    try {
      const params = new URLSearchParams({ q: normaliseAddressQuery(query) });
      const response = await fetch(`${endpoint}?${params}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      const body = await readBody(response);
      if ("suggestions" in body) {
        writeCachedSuggestions(storage, query, body.suggestions);
        dispatch({ type: "loaded", query, suggestions: body.suggestions });
      } else {
        dispatch({ type: "failed", query, message: body.error });
      }
    } catch {
      if (!controller.signal.aborted) dispatch({ type: "failed", query, message: ADDRESS_SEARCH_UNAVAILABLE });
    }
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const query = event.target.value;
    cancelSearch();
    dispatch({ type: "typed", query });
    if (isSearchableQuery(query)) timer.current = setTimeout(() => void search(query), DEBOUNCE_MS);
  }

  function choose(suggestion: AddressSuggestion) {
    cancelSearch();
    dispatch({ type: "selected", suggestion });
    onSelect(suggestion);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      dispatch({ type: "move", by: event.key === "ArrowDown" ? 1 : -1 });
    } else if (event.key === "Enter") {
      // Choosing an address must never submit the listing form.
      event.preventDefault();
      const choice = enterChoice(state);
      if (choice) choose(choice);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      dispatch({ type: "close" });
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Property Address</Label>
      <div className="relative">
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          placeholder="Start typing an address or suburb"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={ADDRESS_QUERY_MAX_LENGTH}
          value={state.query}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onBlur={() => dispatch({ type: "close" })}
          className={cn(fieldClasses, "h-10 py-2 pr-9 pl-9")}
        />
        {status === "loading" && (
          <Icon
            name="loader-circle"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          />
        )}
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Address suggestions"
          hidden={!open}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-72 overflow-y-auto overscroll-contain rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {suggestions.map((suggestion, index) => {
            const isActive = index === activeIndex;
            const [head, ...rest] = suggestion.label.split(", ");
            return (
              // Options are chosen from the keyboard through the input (aria-activedescendant).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={suggestion.id}
                id={optionId(index)}
                role="option"
                aria-selected={isActive}
                data-active={isActive || undefined}
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => !isActive && dispatch({ type: "hover", index })}
                onClick={() => choose(suggestion)}
                className="flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-2 text-sm data-active:bg-muted"
              >
                <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{head}</span>
                  {rest.length > 0 && <span className="block truncate text-muted-foreground">{rest.join(", ")}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <p
        role="status"
        className={cn(
          "text-sm",
          status === "error" ? "text-destructive" : "text-muted-foreground",
          // Counts and choices are for screen readers; "No matches" and errors are for everyone.
          !(status === "error" || (status === "ready" && suggestions.length === 0)) && "sr-only",
        )}
      >
        {statusText}
      </p>
      {selected && (
        <div className="grid gap-2 text-sm">
          <p className="flex items-start gap-2 rounded-md border bg-muted/40 px-3 py-2">
            <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>
              <span className="font-medium">Selected:</span> {selected.label}
            </span>
          </p>
          {isSuburbOnly(selected) && (
            <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
              <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
              {SUBURB_ONLY_NOTE}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** The endpoint's answer, or the generic error for anything that is not its JSON (a sign-in redirect, a proxy's page). */
async function readBody(response: Response): Promise<AddressSuggestionsBody> {
  if (!(response.headers.get("Content-Type") ?? "").includes("application/json")) {
    return { error: ADDRESS_SEARCH_UNAVAILABLE };
  }
  const body = (await response.json()) as { suggestions?: unknown; error?: unknown } | null;
  if (response.ok && Array.isArray(body?.suggestions)) return { suggestions: body.suggestions as AddressSuggestion[] };
  return { error: typeof body?.error === "string" ? body.error : ADDRESS_SEARCH_UNAVAILABLE };
}
