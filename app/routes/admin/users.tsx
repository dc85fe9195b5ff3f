import { useEffect } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import type { Route } from "./+types/users";
import { DOCUMENT_KIND_LABELS } from "~/modules/renter-profiles/renter-profile-input";
import { Button } from "~/app/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/app/components/ui/dialog";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { NativeSelect } from "~/app/components/ui/native-select";
import { Skeleton } from "~/app/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { adminAnswer, auditMeta, type AdminActionResult } from "~/app/http/admin-answer.server";
import { gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { formText } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { database, services } from "~/lib/request-context";
import {
  canManageUsers,
  parseRole,
  parseStatus,
  parseUsersQuery,
  ROLE_OPTIONS,
  STATUS_OPTIONS,
  usersHref,
  USERS_PAGE_SIZES,
  type AdminUserRow,
  type UsersQuery,
} from "~/modules/admin/users";
import { USER_MESSAGES } from "~/app/content/user-messages";
import { statusFor } from "~/lib/http/refusal-status";
import { USER_CHANGE_REFUSAL_CODE } from "~/modules/admin/user-refusal-code";
import { listUsers, setSubscriptionStatus, setUserRole, type UserChangeRefusal } from "~/modules/admin/users.server";
import { formatPhoneForDisplay } from "~/modules/profiles/phone-number";
import {
  ACCOUNT_DATA_MESSAGES,
  DELETION_REFUSAL_CODE,
  type DeletionRefusal,
} from "~/modules/account-data/account-data";
import { deleteAccountOnRequest } from "~/modules/account-data/account-deletion.server";

const PATH = "/admin/users";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "User Management", description: "Users, roles and subscriptions.", path: PATH, noIndex: true },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = gatedViewer(context);
  const query = parseUsersQuery(new URL(request.url).searchParams);
  const base = { query, viewerId: viewer.id, canEdit: canManageUsers(viewer) };
  try {
    const result = await listUsers(database(context), viewer, query);
    if (!result.ok) return { ...base, error: true as const, rows: [], hasNext: false };
    // Numbers are stored as E.164 (older ones as typed): every one reads in the same national form.
    const rows = result.rows.map((row) => ({ ...row, phone: formatPhoneForDisplay(row.phone) }));
    return { ...base, error: false as const, rows, hasNext: result.hasNext };
  } catch (error) {
    logger.error({ err: error }, "admin users list failed");
    return { ...base, error: true as const, rows: [], hasNext: false };
  }
}

const REFUSAL_TEXT: Record<Exclude<UserChangeRefusal, "self">, string> = {
  forbidden: USER_MESSAGES.adminsOnly,
  "above-own-role": USER_MESSAGES.aboveOwnRole,
  "last-admin": USER_MESSAGES.lastAdmin,
  "not-found": USER_MESSAGES.notFound,
};

function refusalMessage(reason: UserChangeRefusal, kind: "role" | "status"): { error: string; status: number } {
  const own = kind === "role" ? USER_MESSAGES.ownRole : USER_MESSAGES.ownStatus;
  return { error: reason === "self" ? own : REFUSAL_TEXT[reason], status: statusFor(USER_CHANGE_REFUSAL_CODE[reason]) };
}

/** What the users screen says when a deletion is refused, with its status. */
function deletionRefusal(reason: DeletionRefusal): { error: string; status: number } {
  const text: Partial<Record<DeletionRefusal, string>> = {
    forbidden: USER_MESSAGES.adminsOnly,
    "not-found": USER_MESSAGES.notFound,
    self: ACCOUNT_DATA_MESSAGES.selfFromAdmin,
    "confirmation-mismatch": ACCOUNT_DATA_MESSAGES.staffConfirmationMismatch,
    "provider-failed": ACCOUNT_DATA_MESSAGES.providerFailed,
    "last-admin": ACCOUNT_DATA_MESSAGES.lastAdmin,
  };
  return { error: text[reason] ?? ACCOUNT_DATA_MESSAGES.failed, status: statusFor(DELETION_REFUSAL_CODE[reason]) };
}

/** `intent` role|status|delete, `userId`, and `role`, `status` or `confirmEmail`. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = gatedViewer(context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const userId = formText(form, "userId");
  const answer = (result: AdminActionResult, status: number) => adminAnswer(request, result, status);
  try {
    if (intent === "role") {
      const role = parseRole(formText(form, "role"));
      if (!role || !userId) return answer({ ok: false, error: USER_MESSAGES.roleFailed }, 400);
      const result = await setUserRole(database(context), viewer, userId, role, auditMeta(context));
      if (result.ok) return answer({ ok: true, message: USER_MESSAGES.roleUpdated(role) }, 200);
      const { error, status } = refusalMessage(result.reason, "role");
      return answer({ ok: false, error }, status);
    }
    if (intent === "status") {
      const subscription = parseStatus(formText(form, "status"));
      if (!subscription || !userId) return answer({ ok: false, error: USER_MESSAGES.statusFailed }, 400);
      const result = await setSubscriptionStatus(database(context), viewer, userId, subscription, auditMeta(context));
      if (result.ok) return answer({ ok: true, message: USER_MESSAGES.statusUpdated(subscription) }, 200);
      const { error, status } = refusalMessage(result.reason, "status");
      return answer({ ok: false, error }, status);
    }
    if (intent === "delete") {
      if (!userId) return answer({ ok: false, error: "Invalid request." }, 400);
      const { db, payments, storage, privateFiles } = services(context);
      const confirmEmail = formText(form, "confirmEmail");
      const result = await deleteAccountOnRequest(
        { db, payments, storage, privateFiles },
        viewer,
        { userId, confirmEmail },
        auditMeta(context),
      );
      if (result.ok) return answer({ ok: true, message: ACCOUNT_DATA_MESSAGES.staffDeleted(confirmEmail.trim()) }, 200);
      const { error, status } = deletionRefusal(result.reason);
      return answer({ ok: false, error }, status);
    }
    return answer({ ok: false, error: "Invalid request." }, 400);
  } catch (error) {
    logger.error({ err: error, userId: viewer.id }, "admin user change failed");
    return answer({ ok: false, error: intent === "role" ? USER_MESSAGES.roleFailed : USER_MESSAGES.statusFailed }, 500);
  }
}

const dateFormat = new Intl.DateTimeFormat("en-AU", { dateStyle: "medium", timeZone: "Australia/Melbourne" });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : "-");

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { query, rows, hasNext, error, viewerId, canEdit } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  return (
    <section aria-labelledby="users-heading" className="space-y-6">
      <div>
        <h1 id="users-heading" className="font-display text-3xl font-bold text-slate-900">
          User Management
        </h1>
        <p className="mt-1 text-slate-600">
          {canEdit
            ? "Change a user's role or subscription status. Every change is recorded in the audit log."
            : "Only administrators can change roles and subscription statuses."}
        </p>
      </div>
      <UsersFilters key={`${query.q}|${query.role}|${query.status}|${query.pageSize}`} query={query} />
      {error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-destructive">
          {USER_MESSAGES.loadFailed}
        </p>
      ) : (
        <Table aria-label="Users" stacked>
          <TableHeader>
            <TableRow>
              <TableHead>User</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Joined</TableHead>
              <TableHead>Subscription</TableHead>
              <TableHead>Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading ? (
              [0, 1, 2].map((index) => (
                <TableRow key={index} data-testid="user-skeleton">
                  {[0, 1, 2, 3, 4].map((cell) => (
                    <TableCell key={cell}>
                      <Skeleton className="h-8 w-full" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} spacing="xl" className="text-center text-slate-600">
                  No users match these filters.
                </TableCell>
              </TableRow>
            ) : (
              rows.map((user) => <UserRow key={user.id} user={user} self={user.id === viewerId} canEdit={canEdit} />)
            )}
          </TableBody>
        </Table>
      )}
      <nav aria-label="Pagination" className="flex items-center justify-between gap-2">
        {query.page > 1 ? (
          <Link className="text-sm font-medium underline" to={usersHref(PATH, { ...query, page: query.page - 1 })}>
            Previous
          </Link>
        ) : (
          <span />
        )}
        <span className="text-sm text-slate-600">Page {query.page}</span>
        {hasNext ? (
          <Link className="text-sm font-medium underline" to={usersHref(PATH, { ...query, page: query.page + 1 })}>
            Next
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </section>
  );
}

/** Search and filters: a GET form, so every view is a link; a new search starts at page 1. */
function UsersFilters({ query }: { query: UsersQuery }) {
  return (
    <Form method="get" action={PATH} className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto_auto] sm:items-end">
      <div className="space-y-1">
        <Label htmlFor="users-q">Search</Label>
        <Input id="users-q" name="q" type="search" defaultValue={query.q} placeholder="Name or e-mail" />
      </div>
      <div className="space-y-1">
        <Label htmlFor="users-role">Role</Label>
        <NativeSelect id="users-role" name="role" defaultValue={query.role ?? ""} className="w-full">
          <option value="">All roles</option>
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor="users-status">Subscription</Label>
        <NativeSelect id="users-status" name="status" defaultValue={query.status ?? ""} className="w-full">
          <option value="">All statuses</option>
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor="users-page-size">Per page</Label>
        <NativeSelect id="users-page-size" name="pageSize" defaultValue={String(query.pageSize)} className="w-full">
          {USERS_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit">
        <Icon name="search" /> Search
      </Button>
    </Form>
  );
}

function UserRow({ user, self, canEdit }: { user: AdminUserRow; self: boolean; canEdit: boolean }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
  return (
    <TableRow>
      <TableCell>
        <div className="flex items-center gap-3">
          {user.avatarUrl ? (
            <img src={user.avatarUrl} alt="" className="size-9 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden
              className="flex size-9 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-700"
            >
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{name}</p>
            <p className="text-xs text-slate-600">{user.email}</p>
            {user.phone && <p className="text-xs text-slate-600">{user.phone}</p>}
          </div>
        </div>
      </TableCell>
      <TableCell label="Role">
        <ChangeSelect
          kind="role"
          user={user}
          label={`Role of ${name}`}
          value={user.role}
          options={ROLE_OPTIONS}
          disabled={!canEdit}
          self={self}
        />
      </TableCell>
      <TableCell label="Joined" className="whitespace-nowrap">
        {formatDate(user.createdAt)}
      </TableCell>
      <TableCell label="Subscription">
        <ChangeSelect
          kind="status"
          user={user}
          label={`Subscription status of ${name}`}
          value={user.subscriptionStatus}
          options={STATUS_OPTIONS}
          disabled={!canEdit}
          self={self}
        />
      </TableCell>
      <TableCell label="Details">
        <div className="flex flex-wrap items-center gap-1">
          <SubscriptionDetails user={user} name={name} />
          {canEdit && !self && <DeleteAccount user={user} name={name} />}
        </div>
      </TableCell>
    </TableRow>
  );
}

/**
 * A role or subscription selector that saves on change (with a Save button without JavaScript).
 * Choosing a value for oneself is refused at once with the spec's message; the server refuses it too.
 */
function ChangeSelect({
  kind,
  user,
  label,
  value,
  options,
  disabled,
  self,
}: {
  kind: "role" | "status";
  user: AdminUserRow;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  disabled: boolean;
  self: boolean;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const hydrated = useHydrated();
  // While saving, the chosen value; afterwards the server's (a refused change snaps back).
  const pending = fetcher.formData?.get(kind);
  const selected = typeof pending === "string" ? pending : value;
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) toast.success("Success", { description: result.message });
    else toast.error("Error", { description: result.error });
  }, [fetcher.data]);

  const id = `${kind}-${user.id}`;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value={kind} />
      <input type="hidden" name="userId" value={user.id} />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <NativeSelect
        id={id}
        name={kind}
        value={selected}
        disabled={disabled || fetcher.state !== "idle"}
        onChange={(event) => {
          if (self) {
            toast.error("Error", { description: kind === "role" ? USER_MESSAGES.ownRole : USER_MESSAGES.ownStatus });
            return;
          }
          void fetcher.submit(event.target.form);
        }}
        className="min-w-32"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {!hydrated && !disabled && (
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      )}
    </fetcher.Form>
  );
}

/** Deleting an account on its holder's request: admins only, confirmed by typing the e-mail address. */
function DeleteAccount({ user, name }: { user: AdminUserRow; name: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) toast.success("Success", { description: result.message });
    else toast.error("Error", { description: result.error });
  }, [fetcher.data]);
  const id = `delete-confirm-${user.id}`;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost-destructive" size="sm" aria-label={`Delete the account of ${name}`}>
          <Icon name="trash" /> Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete account</DialogTitle>
          <DialogDescription>
            Only on the account holder&apos;s request. This cancels their subscription, removes their listings, photos
            and profile, and cannot be undone. It is recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="userId" value={user.id} />
          <div className="space-y-2">
            <Label htmlFor={id}>Type {user.email} to confirm</Label>
            <Input id={id} name="confirmEmail" autoComplete="off" required />
          </div>
          <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"}>
            Delete account
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function SubscriptionDetails({ user, name }: { user: AdminUserRow; name: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Subscription details of ${name}`}>
          <Icon name="info" /> Details
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Subscription Details</DialogTitle>
          <DialogDescription>{name}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium text-slate-900">Plan</dt>
          <dd>{user.subscriptionPlan ?? "No active plan"}</dd>
          <dt className="font-medium text-slate-900">Start Date</dt>
          <dd>{formatDate(user.subscriptionStartDate)}</dd>
          <dt className="font-medium text-slate-900">End Date</dt>
          <dd>{formatDate(user.subscriptionEndDate)}</dd>
          <dt className="font-medium text-slate-900">Customer ID</dt>
          <dd className="break-all">{user.stripeCustomerId ?? "N/A"}</dd>
          <dt className="font-medium text-slate-900">Subscription ID</dt>
          <dd className="break-all">{user.stripeSubscriptionId ?? "N/A"}</dd>
          <dt className="font-medium text-slate-900">Renter document</dt>
          <dd>
            {user.renterDocument
              ? `${DOCUMENT_KIND_LABELS[user.renterDocument]} on file (only landlords they enquired with can open it)`
              : "None"}
          </dd>
        </dl>
      </DialogContent>
    </Dialog>
  );
}
