import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { StatusPage } from "~/app/components/layout/status-page";
import { pageMeta, rootMetaData } from "~/app/seo/meta";

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Page not found",
      description: "The page you're looking for doesn't exist or has moved.",
      path: location.pathname,
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export default function NotFound() {
  return (
    <StatusPage
      code={404}
      title="Page not found"
      message="The page you're looking for doesn't exist or has moved. Try a search, or start again from the home page."
    />
  );
}
