import { buttonVariants } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/app/components/ui/card";

/** "Download my data": a plain link to the file, which the browser saves. */
export function DownloadDataCard() {
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle as="h2">Download my data</CardTitle>
        <CardDescription>
          A JSON file of your profile, listings and their photos, favourites, saved searches, conversations,
          subscription, API keys, support requests, sign-ins and the changes you made.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <a href="/settings/account/data" download className={buttonVariants({ variant: "outline" })}>
          Download my data
        </a>
      </CardContent>
    </Card>
  );
}
