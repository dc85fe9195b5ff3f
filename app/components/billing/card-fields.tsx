import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";

/** The sandbox's test card form: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. */
export function CardFields({ errorId }: { errorId?: string }) {
  const described = errorId ? { "aria-describedby": errorId } : {};
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="card-number" label="Card number" className="sm:col-span-2">
        <Input
          id="card-number"
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          required
          {...described}
        />
      </FormField>
      <FormField id="card-expiry" label="Expiry (MM / YY)">
        <Input id="card-expiry" name="cardExpiry" autoComplete="cc-exp" placeholder="12 / 34" required {...described} />
      </FormField>
      <FormField id="card-cvc" label="CVC">
        <Input
          id="card-cvc"
          name="cardCvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          required
          {...described}
        />
      </FormField>
      <FormField id="card-name" label="Name on card" className="sm:col-span-2">
        <Input id="card-name" name="cardName" autoComplete="cc-name" required {...described} />
      </FormField>
    </div>
  );
}

export function readCard(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { number: text("cardNumber"), expiry: text("cardExpiry"), cvc: text("cardCvc"), name: text("cardName") };
}
