import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("search", "routes/public/search.tsx"),
  route("listing/:id", "routes/public/listing.tsx"),
  route("about", "routes/public/about.tsx"),
  route("property-management", "routes/public/property-management.tsx"),
  route("careers", "routes/public/careers.tsx"),
  route("press", "routes/public/press.tsx"),
  route("privacy", "routes/public/legal/privacy.tsx"),
  route("terms", "routes/public/legal/terms.tsx"),
  route("cookies", "routes/public/legal/cookies.tsx"),
  route("contact", "routes/public/contact.tsx"),
  route("blog", "routes/public/blog/index.tsx"),
  route("blog/:slug", "routes/public/blog/post.tsx"),
  route("newsletter", "routes/newsletter.ts"),
  route("favorites", "routes/favorites.ts"),
  // The listing form is the parent of its endpoints, so its gate (listing writers only) runs for all of them.
  route("list-property", "routes/list-property/form.tsx", [
    route("photos", "routes/list-property/photos.ts"),
    route("enhance", "routes/list-property/enhance.ts"),
    route("address-suggestions", "routes/list-property/address-suggestions.ts"),
  ]),
  route("auth", "routes/auth/auth.tsx"),
  route("auth/confirm", "routes/auth/confirm.tsx"),
  route("auth/callback", "routes/auth/callback.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  route("settings", "routes/settings/layout.tsx", [
    index("routes/settings/index.ts"),
    route("profile", "routes/settings/profile.tsx"),
    route("account", "routes/settings/account.tsx"),
    route("billing", "routes/settings/billing.tsx"),
    route("favorites", "routes/settings/favorites.tsx"),
    route("properties", "routes/settings/properties.tsx"),
    route("api-keys", "routes/settings/api-keys.tsx"),
  ]),
  // The back-office: one gate (staff and admins) for every screen.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/not-available.tsx", { id: "admin-home" }),
    route("*", "routes/admin/not-available.tsx"),
  ]),
  // Development pages: one gate for all of them (demo mode and loopback clients only).
  route("dev", "routes/dev/layout.tsx", [
    route("sanitize", "routes/dev/sanitize.tsx"),
    route("error", "routes/dev/error.tsx"),
    route("ui", "routes/dev/ui-kit.tsx"),
    route("map", "routes/dev/map.tsx"),
    route("mail", "routes/dev/mail.tsx"),
    route("address-suggestions", "routes/dev/address-suggestions.ts"),
  ]),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
