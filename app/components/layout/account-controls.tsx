import { Form, Link } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/app/components/ui/dropdown-menu";
import { LIST_FIRST_ROOM } from "~/app/components/listings/first-listing-prompt";
import type { AccountSummary } from "~/modules/auth/account-summary";

export function accountMenuLinks(account: Pick<AccountSummary, "canUseApiKeys">) {
  return [
    { to: "/settings/profile", label: "Profile" },
    { to: "/settings/account", label: "Account" },
    { to: "/settings/billing", label: "Billing" },
    { to: "/settings/favorites", label: "Favorites" },
    { to: "/settings/enquiries", label: "Enquiries" },
    { to: "/settings/properties", label: "Properties" },
    ...(account.canUseApiKeys ? [{ to: "/settings/api-keys", label: "API Keys" }] : []),
  ];
}

export const ADMINISTRATION_LINKS = [
  { to: "/admin/users", label: "Users" },
  { to: "/admin/posts", label: "Blog Posts" },
  { to: "/admin/properties", label: "Properties" },
  { to: "/admin/settings", label: "Site Settings" },
];

/** The signed-in header controls: the account menu (led by a new landlord's next step) and Sign Out. */
export function AccountControls({
  account,
  unreadEnquiries,
  awaitsFirstListing,
}: {
  account: AccountSummary;
  unreadEnquiries: number;
  awaitsFirstListing: boolean;
}) {
  const unreadLabel = unreadEnquiries === 1 ? "1 unread enquiry" : `${unreadEnquiries} unread enquiries`;
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          className="relative inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-900/10"
          aria-label={unreadEnquiries > 0 ? `Account menu, ${unreadLabel}` : "Account menu"}
        >
          {account.avatarUrl ? (
            <img src={account.avatarUrl} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
          ) : (
            <Icon name="circle-user-round" className="size-6" />
          )}
          {unreadEnquiries > 0 && (
            <span
              aria-hidden
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] font-bold text-white"
            >
              {unreadEnquiries > 99 ? "99+" : unreadEnquiries}
            </span>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <p className="truncate px-2 pt-1 pb-2 text-xs text-muted-foreground">{account.email}</p>
          {awaitsFirstListing && (
            <>
              <DropdownMenuItem asChild>
                <Link to="/list-property" className="font-semibold text-primary">
                  <Icon name="plus" className="size-4" />
                  {LIST_FIRST_ROOM}
                </Link>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
            </>
          )}
          <DropdownMenuGroup>
            <DropdownMenuLabel>Account Settings</DropdownMenuLabel>
            {accountMenuLinks(account).map((link) => (
              <DropdownMenuItem key={link.to} asChild>
                <Link to={link.to}>
                  {link.label}
                  {link.to === "/settings/enquiries" && unreadEnquiries > 0 && (
                    <span className="ml-auto rounded-full bg-red-700 px-2 text-xs font-bold text-white">
                      {unreadEnquiries}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </Link>
              </DropdownMenuItem>
            ))}
          </DropdownMenuGroup>
          {account.canAdminister && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuGroup>
                <DropdownMenuLabel>Administration</DropdownMenuLabel>
                {ADMINISTRATION_LINKS.map((link) => (
                  <DropdownMenuItem key={link.to} asChild>
                    <Link to={link.to}>{link.label}</Link>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuGroup>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <Form method="post" action="/auth/sign-out" reloadDocument>
        <button
          type="submit"
          className="inline-flex rounded-full bg-primary px-3 py-2 text-sm font-semibold whitespace-nowrap text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover sm:px-4"
        >
          Sign Out
        </button>
      </Form>
    </>
  );
}
