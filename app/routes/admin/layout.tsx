import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Icon, type IconName } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { adminGate, gatedViewer } from "~/app/http/gates.server";
import { canReadAuditLog } from "~/modules/audit/audit-log";
import { displayName } from "~/modules/auth/viewer";

/** One gate for every admin screen, loader and action (see `adminGate`). */
export const middleware: Route.MiddlewareFunction[] = [adminGate];

export function loader({ context }: Route.LoaderArgs) {
  const viewer = gatedViewer(context);
  return { name: displayName(viewer), role: viewer.role, showAudit: canReadAuditLog(viewer) };
}

interface AdminLink {
  to: string;
  label: string;
  icon: IconName;
}

const LINKS: AdminLink[] = [
  { to: "/", label: "Home", icon: "house" },
  { to: "/admin", label: "Overview", icon: "layout-dashboard" },
  { to: "/admin/users", label: "Users", icon: "users" },
  { to: "/admin/posts", label: "Blog Posts", icon: "file-text" },
  { to: "/admin/properties", label: "Properties", icon: "building-complex" },
  { to: "/admin/enquiries", label: "Enquiries", icon: "messages-square" },
  { to: "/admin/support", label: "Support", icon: "headset" },
  { to: "/admin/settings", label: "Settings", icon: "settings" },
  { to: "/admin/payments", label: "Payments", icon: "credit-card" },
];
const AUDIT_LINK: AdminLink = { to: "/admin/audit", label: "Audit Log", icon: "scroll-text" };
const PROFILE_LINK: AdminLink = { to: "/settings/profile", label: "Profile Settings", icon: "user-round" };

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const links = [...LINKS, ...(loaderData.showAudit ? [AUDIT_LINK] : []), PROFILE_LINK];
  const hydrated = useHydrated();
  return (
    <div
      data-hydrated={hydrated || undefined}
      className="mx-auto grid max-w-7xl gap-6 px-4 pt-28 pb-16 sm:px-6 lg:grid-cols-[14rem_1fr] lg:gap-8 lg:px-8"
    >
      <nav aria-label="Admin" className="min-w-0 lg:sticky lg:top-28 lg:self-start">
        <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 lg:flex-col lg:overflow-visible">
          {links.map(({ to, label, icon }) => (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                end={to === "/" || to === "/admin"}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap",
                    isActive && to !== "/"
                      ? "bg-slate-900 text-white hover:bg-slate-900"
                      : "text-slate-700 hover:bg-slate-100",
                  )
                }
              >
                <Icon name={icon} className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 space-y-6">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b pb-4">
          <p className="font-display text-lg font-semibold text-slate-900">Laneway Rooms Admin</p>
          <p className="text-sm text-slate-600">
            Signed in as <span className="font-medium text-slate-900">{loaderData.name}</span> ({loaderData.role})
          </p>
        </header>
        <Outlet />
      </div>
    </div>
  );
}
