import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Icon, type IconName } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";
import { requireViewer } from "~/app/http/viewer.server";
import { canUseApiKeys } from "~/modules/api-keys/permissions";
import { canEnterAdminArea } from "~/modules/admin/access";
import { canOpenAnalytics } from "~/modules/analytics/permissions";
import { offersRenterProfile } from "~/modules/renter-profiles/permissions";
import { offersRenterSearch } from "~/modules/renter-search/permissions";

/** Every /settings page needs a session: checked here, on the server, before any child loader runs. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    requireViewer(request, context);
  },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return {
    showAdmin: canEnterAdminArea(viewer),
    showApiKeys: canUseApiKeys(viewer),
    showAnalytics: canOpenAnalytics(viewer),
    showRenterProfile: offersRenterProfile(viewer),
    showRenterSearch: offersRenterSearch(viewer),
  };
}

interface SettingsLink {
  to: string;
  label: string;
  icon: IconName;
  end?: boolean;
}

const LINKS: SettingsLink[] = [
  { to: "/", label: "Home", icon: "house", end: true },
  { to: "/settings/profile", label: "Profile", icon: "user-round" },
  { to: "/settings/account", label: "Account", icon: "shield-check" },
  { to: "/settings/billing", label: "Billing", icon: "credit-card" },
  { to: "/settings/favorites", label: "Favorites", icon: "heart" },
  { to: "/settings/saved-searches", label: "Saved Searches", icon: "bell-ring" },
  { to: "/settings/enquiries", label: "Enquiries", icon: "message-square" },
  { to: "/settings/help", label: "Help", icon: "headset" },
];
const RENTER_PROFILE_LINK: SettingsLink = {
  to: "/settings/renter-profile",
  label: "Renter Profile",
  icon: "user-check",
};
const ANALYTICS_LINK: SettingsLink = { to: "/settings/analytics", label: "Analytics", icon: "trending-up" };
const RENTER_SEARCH_LINK: SettingsLink = { to: "/settings/renters", label: "Find Renters", icon: "users" };
const API_KEYS_LINK: SettingsLink = { to: "/settings/api-keys", label: "API Keys", icon: "key-round" };
const ADMIN_LINK: SettingsLink = { to: "/admin/users", label: "Admin Dashboard", icon: "layout-dashboard" };

export default function SettingsLayout({ loaderData }: Route.ComponentProps) {
  const links = [
    ...LINKS.slice(0, 2),
    ...(loaderData.showRenterProfile ? [RENTER_PROFILE_LINK] : []),
    ...LINKS.slice(2),
    ...(loaderData.showAnalytics ? [ANALYTICS_LINK] : []),
    ...(loaderData.showRenterSearch ? [RENTER_SEARCH_LINK] : []),
    ...(loaderData.showApiKeys ? [API_KEYS_LINK] : []),
    ...(loaderData.showAdmin ? [ADMIN_LINK] : []),
  ];
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 pt-28 pb-16 sm:px-6 lg:grid-cols-[14rem_1fr] lg:px-8">
      <nav aria-label="Settings" className="min-w-0 lg:sticky lg:top-28 lg:self-start">
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {links.map(({ to, label, icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to !== "/settings/enquiries"}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap",
                    isActive ? "bg-slate-900 text-white hover:bg-slate-900" : "text-slate-700 hover:bg-slate-100",
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
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
