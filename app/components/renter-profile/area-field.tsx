import { useRef, useState } from "react";
import { Input } from "~/app/components/ui/input";
import {
  normaliseWhereQuery,
  WHERE_QUERY_MAX_LENGTH,
  WHERE_QUERY_MIN_LENGTH,
  WHERE_SUGGESTIONS_ENDPOINT,
  type WhereSuggestion,
  type WhereSuggestionsBody,
} from "~/modules/places/where-suggestions";

const DEBOUNCE_MS = 200;

/**
 * One preferred area: a text field that offers the location search's places as the renter types
 * (the same GET /search/places the search page's Where uses), through the browser's own list. What
 * is sent is the place's name, which the server finds again; without JavaScript, typed text is found
 * the same way.
 */
export function AreaField({
  id,
  defaultValue,
  invalid,
  onEdit,
}: {
  id: string;
  defaultValue: string;
  invalid: boolean;
  onEdit: () => void;
}) {
  const [suggestions, setSuggestions] = useState<WhereSuggestion[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  function suggest(text: string) {
    clearTimeout(timer.current);
    const query = normaliseWhereQuery(text);
    if (query.length < WHERE_QUERY_MIN_LENGTH) return setSuggestions([]);
    timer.current = setTimeout(() => {
      fetch(`${WHERE_SUGGESTIONS_ENDPOINT}?q=${encodeURIComponent(query)}`)
        .then((response) => response.json() as Promise<WhereSuggestionsBody>)
        .then((body) => setSuggestions("suggestions" in body ? body.suggestions : []))
        .catch(() => setSuggestions([]));
    }, DEBOUNCE_MS);
  }

  return (
    <>
      <Input
        id={id}
        name="areas"
        list={`${id}-places`}
        autoComplete="off"
        maxLength={WHERE_QUERY_MAX_LENGTH}
        defaultValue={defaultValue}
        onChange={(event) => {
          onEdit();
          suggest(event.currentTarget.value);
        }}
        aria-invalid={invalid ? true : undefined}
      />
      <datalist id={`${id}-places`}>
        {suggestions.map((place) => (
          <option key={place.id} value={place.name}>
            {place.label}
          </option>
        ))}
      </datalist>
    </>
  );
}
