import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import type { DocumentedEndpoint } from "~/app/http/api-reference";
import { SubscriptionExplanation } from "~/app/components/billing/subscription-notice";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/app/components/ui/alert-dialog";
import { Button } from "~/app/components/ui/button";
import { formatDisplayDate } from "~/app/components/ui/date-format";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/app/components/ui/dialog";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { NativeSelect } from "~/app/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/app/components/ui/tabs";
import {
  API_KEY_EXPIRY_OPTIONS,
  API_KEY_OVERLAP_OPTIONS,
  API_KEY_SCOPE_OPTIONS,
  parseApiKeyForm,
} from "~/modules/api-keys/api-key-input";
import type { ApiKeyRefusal, ApiKeySummary } from "~/modules/api-keys/api-keys.server";
import { API_KEY_LIMIT_NOTICE, API_KEY_SUBSCRIPTION_NOTICE, API_KEY_TWO_FACTOR_NOTICE } from "~/app/content/api-keys";

export type ApiKeysActionData =
  | { intent: "create" | "roll"; ok: true; key: string; name: string }
  | { intent: "delete"; ok: true }
  | { intent: "create" | "roll" | "delete"; ok: false; message: string };

export interface ApiKeysScreenProps {
  keys: ApiKeySummary[];
  /** Why the viewer may not create a key now, or null. */
  refusal: Exclude<ApiKeyRefusal, "not-found"> | null;
  endpoints: DocumentedEndpoint[];
  referenceUrl: string;
}

const AUTH_HEADER_NOTE = "Include your API key in the Authorization header of your requests as a Bearer token.";

function when(iso: string | null): string {
  return iso ? formatDisplayDate(new Date(iso)) : "Never";
}

function InfoAlert({ children }: { children: React.ReactNode }) {
  return (
    <div role="note" className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
      <Icon name="info" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

/** The new key, once: read-only, with a copy button that shows a tick for 2 s. */
function RevealedKey({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    await navigator.clipboard.writeText(value);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  }
  return (
    <div className="space-y-3">
      <div className="flex gap-2">
        <Input
          readOnly
          value={value}
          aria-label="Your new API key"
          variant="code"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => void copy()}
          aria-label={copied ? "Copied" : "Copy API key"}
        >
          {copied ? <Icon name="check" className="text-emerald-600" /> : <Icon name="copy" />}
        </Button>
      </div>
      <p className="flex gap-2 text-sm font-medium text-amber-800">
        <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
        Copy your API key now. You won&apos;t be able to see it again!
      </p>
    </div>
  );
}

function CreateKeyDialog({ canCreate }: { canCreate: boolean }) {
  const fetcher = useFetcher<ApiKeysActionData>();
  const [open, setOpen] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  // The answer the visitor closed: hidden from then on. (Not fetcher.reset(): it would abort the
  // list's revalidation that follows the action, leaving the table without the new key.)
  const [dismissed, setDismissed] = useState<ApiKeysActionData | undefined>();
  const result = fetcher.data?.intent === "create" && fetcher.data !== dismissed ? fetcher.data : undefined;
  const pending = fetcher.state !== "idle";
  const revealed = result?.ok ? result.key : null;

  useEffect(() => {
    if (result && !result.ok) toast.error("Error", { description: result.message || "Failed to create API key" });
  }, [result]);

  function reset() {
    setOpen(false);
    setNameError(undefined);
    // Forget the shown key: the next dialog starts empty.
    setDismissed(fetcher.data);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : reset())}>
      <Button type="button" onClick={() => setOpen(true)} disabled={!canCreate}>
        <Icon name="key-round" />
        Create API Key
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New API Key</DialogTitle>
          <DialogDescription>Give the key a name you will recognise, such as the app that uses it.</DialogDescription>
        </DialogHeader>
        {revealed ? (
          <>
            <RevealedKey value={revealed} />
            <DialogFooter>
              <Button type="button" onClick={reset}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <fetcher.Form
            method="post"
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              const checked = parseApiKeyForm(new FormData(event.currentTarget));
              if (checked.success) return;
              event.preventDefault();
              setNameError(checked.message);
              toast.error("Error", { description: checked.message });
            }}
          >
            <input type="hidden" name="intent" value="create" />
            <FormField id="api-key-name" label="API Key Name" error={nameError}>
              <Input
                id="api-key-name"
                name="name"
                placeholder="e.g., Development API Key"
                maxLength={100}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? "api-key-name-error" : undefined}
                onChange={() => setNameError(undefined)}
              />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="api-key-expiry" label="Expires">
                <NativeSelect id="api-key-expiry" name="expiresInDays" defaultValue="never">
                  {API_KEY_EXPIRY_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id="api-key-scope" label="Access">
                <NativeSelect id="api-key-scope" name="scope" defaultValue="read_write">
                  {API_KEY_SCOPE_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            </div>
            <DialogFooter>
              <Button type="submit" disabled={pending}>
                {pending ? "Creating..." : "Create"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function RollKeyDialog({ apiKey, canRoll }: { apiKey: ApiKeySummary; canRoll: boolean }) {
  const fetcher = useFetcher<ApiKeysActionData>();
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState<ApiKeysActionData | undefined>();
  const result = fetcher.data?.intent === "roll" && fetcher.data !== dismissed ? fetcher.data : undefined;
  const revealed = result?.ok ? result.key : null;
  useEffect(() => {
    if (result && !result.ok) toast.error("Error", { description: result.message });
  }, [result]);
  function close() {
    setOpen(false);
    setDismissed(fetcher.data); // not fetcher.reset(), which would abort the list's revalidation
  }
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        disabled={!canRoll}
        onClick={() => setOpen(true)}
        aria-label={`Roll API key ${apiKey.name}`}
      >
        <Icon name="refresh-cw" />
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Roll API Key</DialogTitle>
          <DialogDescription>
            A new key replaces &ldquo;{apiKey.name}&rdquo;. The old key keeps working for the overlap you choose, so
            your apps can switch without downtime.
          </DialogDescription>
        </DialogHeader>
        {revealed ? (
          <>
            <RevealedKey value={revealed} />
            <DialogFooter>
              <Button type="button" onClick={close}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <fetcher.Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="roll" />
            <input type="hidden" name="id" value={apiKey.id} />
            <FormField id={`overlap-${apiKey.id}`} label="Old key keeps working for">
              <NativeSelect id={`overlap-${apiKey.id}`} name="overlapHours" defaultValue="24">
                {API_KEY_OVERLAP_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <DialogFooter>
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                {fetcher.state !== "idle" ? "Rolling..." : "Roll key"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DeleteKeyButton({ apiKey, onConfirm }: { apiKey: ApiKeySummary; onConfirm: () => void }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={`Delete API key ${apiKey.name}`}>
          <Icon name="trash" className="text-destructive" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete API Key</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete this API key? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Why no key can be created now, and where to fix it. */
function RefusalNotice({ refusal }: { refusal: ApiKeysScreenProps["refusal"] }) {
  const notice =
    refusal === "subscription-required"
      ? { text: API_KEY_SUBSCRIPTION_NOTICE, link: { to: "/settings/billing", label: "Go to billing" } }
      : refusal === "two-factor-required"
        ? { text: API_KEY_TWO_FACTOR_NOTICE, link: { to: "/settings/account", label: "Turn on two-factor" } }
        : refusal === "limit-reached"
          ? { text: API_KEY_LIMIT_NOTICE, link: null }
          : null;
  if (!notice) return null;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900"
    >
      <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
      <p>
        {notice.text}
        {notice.link && (
          <>
            {" "}
            <Link to={notice.link.to} className="font-semibold whitespace-nowrap underline underline-offset-2">
              {notice.link.label}
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

function KeysTab({ keys, refusal }: Pick<ApiKeysScreenProps, "keys" | "refusal">) {
  const canCreate = refusal === null;
  // At the cap a key can still be rolled with no overlap, which adds none.
  const canRoll = canCreate || refusal === "limit-reached";
  // Here rather than in the row: the row is gone once the deletion reloads the list.
  const deleteFetcher = useFetcher<ApiKeysActionData>();
  useEffect(() => {
    if (!deleteFetcher.data || deleteFetcher.state !== "idle") return;
    if (deleteFetcher.data.ok) toast.success("API key deleted successfully");
    else toast.error("Error", { description: "Failed to delete API key" });
  }, [deleteFetcher.data, deleteFetcher.state]);
  return (
    <div className="space-y-6">
      <InfoAlert>
        API keys let your own software manage your listings through the Laneway Rooms REST API. Treat a key like a
        password: anyone holding it can act as you, so never put it in a web page or a public repository.
      </InfoAlert>
      <RefusalNotice refusal={refusal} />
      {refusal === "subscription-required" && <SubscriptionExplanation />}
      <div className="flex justify-end">
        <CreateKeyDialog canCreate={canCreate} />
      </div>
      {keys.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-slate-600">
          {canCreate ? "You haven't created any API keys yet" : "No API keys found"}
        </p>
      ) : (
        <Table aria-label="Your API keys" stacked>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Last used</TableHead>
              <TableHead>Expires</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.map((apiKey) => (
              <TableRow key={apiKey.id}>
                <TableCell>
                  <div>
                    <span className="font-medium [overflow-wrap:anywhere]">{apiKey.name}</span>
                    <span className="block font-mono text-xs text-slate-500">
                      {apiKey.prefix}… · {apiKey.scope === "read" ? "Read only" : "Read and write"}
                    </span>
                  </div>
                </TableCell>
                <TableCell label="Created">{when(apiKey.createdAt)}</TableCell>
                <TableCell label="Last used">{when(apiKey.lastUsedAt)}</TableCell>
                <TableCell label="Expires">{when(apiKey.expiresAt)}</TableCell>
                <TableCell label="Actions">
                  <div className="flex gap-1">
                    <RollKeyDialog apiKey={apiKey} canRoll={canRoll} />
                    <DeleteKeyButton
                      apiKey={apiKey}
                      onConfirm={() =>
                        void deleteFetcher.submit({ intent: "delete", id: apiKey.id }, { method: "post" })
                      }
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

function DocumentationTab({ endpoints, referenceUrl }: Pick<ApiKeysScreenProps, "endpoints" | "referenceUrl">) {
  return (
    <div className="space-y-6">
      <InfoAlert>{AUTH_HEADER_NOTE}</InfoAlert>
      <Tabs defaultValue="endpoints" className="space-y-4">
        <TabsList aria-label="Documentation">
          <TabsTrigger value="endpoints">Endpoints</TabsTrigger>
          <TabsTrigger value="examples">Examples</TabsTrigger>
        </TabsList>
        <TabsContent value="endpoints">
          <Table aria-label="Endpoints your keys can call" stacked>
            <TableHeader>
              <TableRow>
                <TableHead>Method</TableHead>
                <TableHead>Endpoint</TableHead>
                <TableHead>Description</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {endpoints.map((endpoint) => (
                <TableRow key={`${endpoint.method} ${endpoint.path}`}>
                  <TableCell>
                    <span
                      className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${METHOD_COLOURS[endpoint.method] ?? ""}`}
                    >
                      {endpoint.method}
                    </span>
                  </TableCell>
                  <TableCell label="Endpoint" className="font-mono text-sm">
                    {/* A long path breaks at any character on a phone rather than widening the table. */}
                    <span className="[overflow-wrap:anywhere]">{endpoint.path}</span>
                  </TableCell>
                  <TableCell label="Description">
                    <span>{endpoint.description}</span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TabsContent>
        <TabsContent value="examples" className="space-y-4">
          {endpoints.map((endpoint) => (
            <section
              key={`${endpoint.method} ${endpoint.path}`}
              aria-label={`${endpoint.method} ${endpoint.path}`}
              className="space-y-2"
            >
              <h3 className="text-sm font-semibold text-slate-900">{endpoint.description}</h3>
              {/* Long lines wrap (at any character, for URLs) instead of scrolling sideways on a phone. */}
              <pre
                role="region"
                aria-label={`Example: ${endpoint.method} ${endpoint.path}`}
                className="rounded-lg bg-slate-900 p-4 text-xs [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-100"
              >
                <code>{endpoint.example}</code>
              </pre>
            </section>
          ))}
        </TabsContent>
      </Tabs>
      <p className="text-sm text-slate-600">
        Every field, response and error is in the{" "}
        <a href={referenceUrl} className="font-semibold text-slate-900 underline underline-offset-2">
          interactive API reference
        </a>
        .
      </p>
    </div>
  );
}

export function ApiKeysScreen({ keys, refusal, endpoints, referenceUrl }: ApiKeysScreenProps) {
  return (
    <section aria-labelledby="api-keys-heading" className="space-y-6">
      <div>
        <h1 id="api-keys-heading" className="font-display text-3xl font-bold text-slate-900">
          API Keys
        </h1>
        <p className="mt-1 text-slate-600">Manage keys for the Laneway Rooms REST API.</p>
      </div>
      <Tabs defaultValue="keys" className="space-y-6">
        <TabsList aria-label="API keys">
          <TabsTrigger value="keys">API Keys</TabsTrigger>
          <TabsTrigger value="documentation">Documentation</TabsTrigger>
        </TabsList>
        <TabsContent value="keys">
          <KeysTab keys={keys} refusal={refusal} />
        </TabsContent>
        <TabsContent value="documentation">
          <DocumentationTab endpoints={endpoints} referenceUrl={referenceUrl} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
