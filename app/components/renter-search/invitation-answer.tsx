import { Form } from "react-router";
import { Button } from "~/app/components/ui/button";

/**
 * An invitation's state in its thread: the renter answers a pending one (accept, decline, or decline
 * and block); the landlord sees that it waits for the renter.
 */
export function InvitationAnswer({
  side,
  state,
  otherName,
}: {
  side: "tenant" | "landlord";
  state: "pending" | "accepted" | "declined" | null;
  otherName: string;
}) {
  if (state !== "pending") return null;
  if (side === "landlord")
    return (
      <p role="status" className="mt-6 rounded-lg border bg-slate-50 p-3 text-sm text-slate-800">
        Invitation sent. Messages open once {otherName} accepts it.
      </p>
    );
  return (
    <section aria-labelledby="invitation-heading" className="mt-6 rounded-2xl border bg-card p-4">
      <h2 id="invitation-heading" className="font-semibold text-slate-900">
        {otherName} invites you to view this room
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        They found your renter profile. They see only what your profile shows: your e-mail address and phone stay
        private. Accept to talk about a viewing here.
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="accept-invitation">
          Accept
        </Button>
        <Button type="submit" name="intent" value="decline-invitation" variant="outline">
          Decline
        </Button>
        <Button type="submit" name="intent" value="block-invitation" variant="outline">
          Decline and block
        </Button>
      </Form>
    </section>
  );
}
