import { can } from "~/modules/auth/permissions";
import type { SubscriptionStatus, UserRole, Viewer } from "~/modules/auth/viewer";

export const ROLE_OPTIONS: { value: UserRole; label: string }[] = [
  { value: "tenant", label: "Tenant" },
  { value: "landlord", label: "Landlord" },
  { value: "staff", label: "Staff" },
  { value: "admin", label: "Admin" },
];

export const STATUS_OPTIONS: { value: SubscriptionStatus; label: string }[] = [
  { value: "inactive", label: "Inactive" },
  { value: "active", label: "Active" },
  { value: "cancelled", label: "Cancelled" },
  { value: "suspended", label: "Suspended" },
];

const ROLE_RANK: Record<UserRole, number> = { tenant: 0, landlord: 1, staff: 2, admin: 3 };

/**
 * Who changes roles and subscription statuses: admins only (staff see the screen read-only). The one
 * definition of the rule; the role and status changes check it, and the screen shows its controls by it.
 */
export function canManageUsers(viewer: Viewer | null): boolean {
  return can(viewer, "manage:user:any");
}

/** Nobody grants a role above their own. */
export function mayGrantRole(viewer: Pick<Viewer, "role">, role: UserRole): boolean {
  return ROLE_RANK[role] <= ROLE_RANK[viewer.role];
}

export const USERS_PAGE_SIZES = [12, 24, 48] as const;

export interface UsersQuery {
  /** Words to find in the first name, last name or e-mail ("" for none). */
  q: string;
  role: UserRole | null;
  status: SubscriptionStatus | null;
  page: number;
  pageSize: (typeof USERS_PAGE_SIZES)[number];
}

const isRole = (value: string | null): value is UserRole => ROLE_OPTIONS.some((option) => option.value === value);
const isStatus = (value: string | null): value is SubscriptionStatus =>
  STATUS_OPTIONS.some((option) => option.value === value);

/** The screen's URL parameters; anything unknown falls back to the default. */
export function parseUsersQuery(params: URLSearchParams): UsersQuery {
  const size = Number(params.get("pageSize"));
  const page = Number(params.get("page"));
  const role = params.get("role");
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    role: isRole(role) ? role : null,
    status: isStatus(status) ? status : null,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (USERS_PAGE_SIZES as readonly number[]).includes(size) ? (size as UsersQuery["pageSize"]) : 12,
  };
}

export function usersHref(basePath: string, query: Partial<UsersQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.role) params.set("role", query.role);
  if (query.status) params.set("status", query.status);
  if (query.pageSize && query.pageSize !== 12) params.set("pageSize", String(query.pageSize));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}

export function parseRole(value: string): UserRole | null {
  return isRole(value) ? value : null;
}

export function parseStatus(value: string): SubscriptionStatus | null {
  return isStatus(value) ? value : null;
}

/** A user as the admin table shows them. Dates are ISO strings. */
export interface AdminUserRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  avatarUrl: string | null;
  role: UserRole;
  subscriptionStatus: SubscriptionStatus;
  subscriptionPlan: string | null;
  subscriptionStartDate: string | null;
  subscriptionEndDate: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  createdAt: string;
  /** The kind of proof document a renter has on file: staff see that it exists, never its content. */
  renterDocument: "income" | "enrolment" | null;
}
