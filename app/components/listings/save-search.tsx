import { Form, Link } from "react-router";
import { Button } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Icon } from "~/app/components/ui/icon";
import { Input } from "~/app/components/ui/input";
import { NativeSelect } from "~/app/components/ui/native-select";
import { searchHref, toSearchParams, type SearchState } from "~/modules/listings/search-params";
import { ALERT_FREQUENCY_LABELS, MAX_SAVED_SEARCH_NAME } from "~/modules/saved-searches/saved-search-input";

/** A name to start from: the search's words, or its price limit. */
function suggestedName(state: SearchState): string {
  const words = [state.title, state.keyword].filter(Boolean).join(" ");
  if (words) return words.slice(0, MAX_SAVED_SEARCH_NAME);
  return state.maxPrice ? `Rooms up to $${state.maxPrice} a week` : "My room search";
}

/** Save the current search (signed in), or sign in and come back to it. Works without JavaScript. */
export function SaveSearch({ state, signedIn }: { state: SearchState; signedIn: boolean }) {
  const href = searchHref({ ...state, page: 1 });
  if (!signedIn) {
    return (
      <p className="text-sm text-slate-600">
        <Icon name="bell-ring" className="mr-1 inline size-4" />
        <Link
          to={`/auth?view=sign_in&returnTo=${encodeURIComponent(href)}`}
          className="font-medium text-primary underline"
        >
          Sign in to save this search
        </Link>{" "}
        and get an e-mail when a new room matches.
      </p>
    );
  }
  return (
    <details className="rounded-lg border bg-white p-4">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">
        <Icon name="bell-ring" className="mr-1 inline size-4" />
        Save this search
      </summary>
      <Form
        method="post"
        action="/settings/saved-searches"
        className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="query" value={toSearchParams({ ...state, page: 1 }).toString()} />
        <FormField id="save-search-name" label="Name">
          <Input
            id="save-search-name"
            name="name"
            defaultValue={suggestedName(state)}
            required
            maxLength={MAX_SAVED_SEARCH_NAME}
          />
        </FormField>
        <FormField id="save-search-frequency" label="E-mail alerts">
          <NativeSelect id="save-search-frequency" name="frequency" className="w-full" defaultValue="daily">
            {(["instant", "daily", "off"] as const).map((frequency) => (
              <option key={frequency} value={frequency}>
                {ALERT_FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <Button type="submit">Save search</Button>
      </Form>
    </details>
  );
}
