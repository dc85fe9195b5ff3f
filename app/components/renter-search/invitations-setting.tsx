import { Form } from "react-router";
import { Button } from "~/app/components/ui/button";

/**
 * The renter's switch for invitations from landlords who find them: on until turned off; being
 * findable off stops them as well.
 */
export function InvitationsSetting({ accepts, findable }: { accepts: boolean; findable: boolean }) {
  return (
    <section aria-labelledby="invitations-heading" className="max-w-2xl space-y-3">
      <h2 id="invitations-heading" className="text-xl font-semibold text-slate-900">
        Invitations from landlords
      </h2>
      <p className="text-sm text-slate-600">
        {accepts
          ? "Landlords who find you may invite you to view a room. You accept, decline or block each one."
          : "Invitations are off: landlords who find you can't invite you."}{" "}
        {findable ? "" : "Your profile isn't findable, so no landlord can find or invite you."}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="invitations" />
        <input type="hidden" name="accepts" value={accepts ? "off" : "on"} />
        <Button type="submit" variant="outline">
          {accepts ? "Turn invitations off" : "Turn invitations on"}
        </Button>
      </Form>
    </section>
  );
}
