import { Form, Link } from "react-router";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/app/components/ui/card";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";

export interface IdentityCardProps {
  title: string;
  detail: string;
  tone: "neutral" | "good" | "bad";
  /** The button's words, or null when there is nothing to start. */
  action: string | null;
  hasName: boolean;
}

/** The account page's identity section: the state in words and the one button that starts a check. */
export function IdentityCard({ title, detail, tone, action, hasName }: IdentityCardProps) {
  return (
    <Card className="max-w-xl" id="identity">
      <CardHeader>
        <CardTitle as="h2">Identity verification</CardTitle>
        <CardDescription>
          A photo of your passport, driver licence or ID card and a selfie, checked by our verification provider. We
          keep only the result, your initials, the document's country and the date, never the photos.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div
          role="status"
          className={cn(
            "rounded-lg p-3 text-sm",
            tone === "good" && "bg-emerald-50 text-emerald-900",
            tone === "bad" && "bg-red-50 text-red-900",
            tone === "neutral" && "bg-slate-50 text-slate-800",
          )}
        >
          <p className="flex items-center gap-2 font-semibold" data-testid="identity-state">
            {tone === "good" && <Icon name="check" className="size-4" />}
            {title}
          </p>
          <p className="mt-1">{detail}</p>
        </div>
        {action &&
          (hasName ? (
            <Form method="post" action="/settings/account/identity">
              <Button type="submit">{action}</Button>
            </Form>
          ) : (
            <p className="text-sm text-slate-700">
              Add your first and last name in{" "}
              <Link to="/settings/profile" className="font-medium text-primary underline">
                your profile
              </Link>{" "}
              first: the check compares them with your document.
            </p>
          ))}
      </CardContent>
    </Card>
  );
}
