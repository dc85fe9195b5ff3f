import { Icon } from "~/app/components/ui/icon";
import { Form, Link } from "react-router";
import type { Route } from "./+types/saved-searches";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Card, CardContent, CardHeader } from "~/app/components/ui/card";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { NativeSelect } from "~/app/components/ui/native-select";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { redirectWithNotice } from "~/lib/flash.server";
import { formText } from "~/lib/form-data";
import { database, services } from "~/lib/request-context";
import { parseSearchParams, searchHref } from "~/modules/listings/search-params";
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  MAX_SAVED_SEARCH_NAME,
  MAX_SAVED_SEARCHES,
  parseSavedSearchInput,
} from "~/modules/saved-searches/saved-search-input";
import {
  createSavedSearch,
  deleteSavedSearch,
  describeSavedSearches,
  listSavedSearches,
  setSavedSearchPaused,
  updateSavedSearch,
  type SavedSearchResult,
} from "~/modules/saved-searches/saved-searches.server";

const PATH = "/settings/saved-searches";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Saved Searches",
      description: "Your saved searches and their e-mail alerts.",
      path: PATH,
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const searches = await listSavedSearches(database(context), requireViewer(request, context));
  return { searches: await describeSavedSearches(searches, services(context).places) };
}

const REFUSALS = {
  "not-found": "This saved search no longer exists.",
  "limit-reached": `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`,
  "rate-limited": "Too many changes at once. Please wait a few minutes and try again.",
} as const;

function answer(result: SavedSearchResult, location: string, done: string): Response {
  return result.ok
    ? redirectWithNotice(location, { title: done, tone: "success" })
    : redirectWithNotice(location, { title: REFUSALS[result.reason], tone: "error" });
}

/** Save (from /search), edit, pause, resume and delete; every answer is a redirect with a notice, so forms work without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const db = database(context);
  const id = formText(form, "id");
  switch (formText(form, "intent")) {
    case "create": {
      const query = formText(form, "query").slice(0, 2000);
      const back = searchHref(parseSearchParams(new URLSearchParams(query)));
      const parsed = parseSavedSearchInput(form);
      if (!parsed.success) {
        return redirectWithNotice(back, { title: Object.values(parsed.errors)[0] ?? "Check the form.", tone: "error" });
      }
      const result = await createSavedSearch(db, viewer, { ...parsed.data, query });
      return result.ok
        ? redirectWithNotice(back, {
            title: "Search saved",
            description: "Manage it and its alerts under Saved Searches in your settings.",
            tone: "success",
          })
        : redirectWithNotice(back, { title: REFUSALS[result.reason], tone: "error" });
    }
    case "update": {
      const parsed = parseSavedSearchInput(form);
      if (!parsed.success) {
        return redirectWithNotice(PATH, { title: Object.values(parsed.errors)[0] ?? "Check the form.", tone: "error" });
      }
      return answer(await updateSavedSearch(db, viewer, id, parsed.data), PATH, "Saved search updated");
    }
    case "pause":
      return answer(await setSavedSearchPaused(db, viewer, id, true), PATH, "Alerts paused");
    case "resume":
      return answer(await setSavedSearchPaused(db, viewer, id, false), PATH, "Alerts resumed");
    case "delete":
      return answer(await deleteSavedSearch(db, viewer, id), PATH, "Saved search deleted");
    default:
      return redirectWithNotice(PATH, { title: "Unknown request.", tone: "error" });
  }
}

type SavedSearch = Route.ComponentProps["loaderData"]["searches"][number];

function SavedSearchCard({ search }: { search: SavedSearch }) {
  const nameId = `saved-search-name-${search.id}`;
  const frequencyId = `saved-search-frequency-${search.id}`;
  return (
    <Card>
      <CardHeader row className="flex-wrap gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="text-lg font-semibold break-words">{search.name}</h3>
          <p className="text-sm break-words text-slate-600">{search.description}</p>
        </div>
        <div className="flex gap-2">
          {search.paused ? (
            <Badge variant="outline">Paused</Badge>
          ) : (
            <Badge variant="outline">Alerts: {ALERT_FREQUENCY_LABELS[search.frequency]}</Badge>
          )}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
          <input type="hidden" name="id" value={search.id} />
          <FormField id={nameId} label="Name">
            <Input id={nameId} name="name" defaultValue={search.name} required maxLength={MAX_SAVED_SEARCH_NAME} />
          </FormField>
          <FormField id={frequencyId} label="E-mail alerts">
            <NativeSelect id={frequencyId} name="frequency" className="w-full" defaultValue={search.frequency}>
              {ALERT_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {ALERT_FREQUENCY_LABELS[frequency]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Button type="submit" name="intent" value="update">
            Save changes
          </Button>
        </Form>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/search${search.query ? `?${search.query}` : ""}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Icon name="search" className="size-4" />
            Open search
          </Link>
          <Form method="post">
            <input type="hidden" name="id" value={search.id} />
            <Button
              type="submit"
              name="intent"
              value={search.paused ? "resume" : "pause"}
              variant="outline"
              size="sm"
              aria-label={`${search.paused ? "Resume" : "Pause"} alerts for ${search.name}`}
            >
              {search.paused ? "Resume alerts" : "Pause alerts"}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="id" value={search.id} />
            <Button
              type="submit"
              name="intent"
              value="delete"
              variant="destructive"
              size="sm"
              aria-label={`Delete ${search.name}`}
            >
              Delete
            </Button>
          </Form>
        </div>
      </CardContent>
    </Card>
  );
}

export default function SavedSearches({ loaderData }: Route.ComponentProps) {
  const { searches } = loaderData;
  return (
    <section aria-labelledby="saved-searches-heading" className="space-y-6">
      <div>
        <h1 id="saved-searches-heading" className="font-display text-3xl font-bold text-slate-900">
          Saved Searches
        </h1>
        <p className="mt-1 text-slate-600">
          Hear about new rooms first: instant alerts come within minutes, daily ones once a day.
        </p>
      </div>
      {searches.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center">
          <Icon name="bell-ring" className="size-10 text-muted-foreground" />
          <p className="mt-4 text-lg font-semibold">No saved searches yet</p>
          <p className="mt-2 max-w-md text-sm text-muted-foreground">
            Search for rooms, then choose "Save this search" to get an e-mail when a new one matches.
          </p>
          <Link
            to="/search"
            className="mt-6 rounded-full bg-primary px-5 py-2.5 text-sm font-semibold text-primary-foreground hover:bg-primary-hover"
          >
            Search rooms
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {searches.map((search) => (
            <li key={search.id}>
              <SavedSearchCard search={search} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
