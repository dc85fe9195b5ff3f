import { CircleUserRound } from "lucide-react";
import { Form, Link } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/app/components/ui/dropdown-menu";
import type { AccountSummary } from "~/modules/auth/account-summary";

export function accountMenuLinks(account: Pick<AccountSummary, "canUseApiKeys">) {
  return [
    { to: "/settings/profile", label: "Profile" },
    { to: "/settings/account", label: "Account" },
    { to: "/settings/billing", label: "Billing" },
    { to: "/settings/favorites", label: "Favorites" },
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

/** The signed-in header controls: the account menu and Sign Out. */
export function AccountControls({ account }: { account: AccountSummary }) {
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          className="inline-flex size-10 items-center justify-center overflow-hidden rounded-full hover:bg-slate-900/10"
          aria-label="Account menu"
        >
          {account.avatarUrl ? (
            <img src={account.avatarUrl} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
          ) : (
            <CircleUserRound aria-hidden className="size-6" />
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <p className="truncate px-2 pt-1 pb-2 text-xs text-muted-foreground">{account.email}</p>
          <DropdownMenuGroup>
            <DropdownMenuLabel>Account Settings</DropdownMenuLabel>
            {accountMenuLinks(account).map((link) => (
              <DropdownMenuItem key={link.to} asChild>
                <Link to={link.to}>{link.label}</Link>
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
