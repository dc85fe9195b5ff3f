import Stripe from "stripe";
import {
  PaymentSignatureError,
  WEBHOOK_TOLERANCE_SECONDS,
  eventCustomerId,
  type PaymentEvent,
} from "~/lib/adapters/payments/payments-adapter";

/**
 * Checks a Stripe-style signature (`t=…,v1=HMAC-SHA256`) on the raw body and reads the event. The
 * signed timestamp must lie within WEBHOOK_TOLERANCE_SECONDS of now on either side: the SDK refuses
 * only old ones, and an event signed for the future could otherwise be replayed until then.
 */
export function verifySignedEvent(
  payload: string,
  signatureHeader: string,
  secret: string,
  nowMs = Date.now(),
): PaymentEvent {
  const event = constructSignedEvent(payload, signatureHeader, secret, nowMs);
  return { id: event.id, type: event.type, customerId: eventCustomerId(event) };
}

/** The whole verified event, for webhooks that read more of it than billing does (identity). */
export function constructSignedEvent(
  payload: string,
  signatureHeader: string,
  secret: string,
  nowMs = Date.now(),
): Stripe.Event {
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      payload,
      signatureHeader,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      nowMs,
    );
  } catch (error) {
    throw new PaymentSignatureError(error instanceof Error ? error.message : "invalid signature");
  }
  // Written so that a timestamp that is not a number is refused too.
  const secondsAhead = signedTimestamp(signatureHeader) - Math.floor(nowMs / 1000);
  if (!(secondsAhead <= WEBHOOK_TOLERANCE_SECONDS)) {
    throw new PaymentSignatureError("Timestamp outside the tolerance zone");
  }
  return event;
}

/** The header's `t`, read as the SDK reads it (the last one counts), so it is the one that was signed. */
function signedTimestamp(signatureHeader: string): number {
  let timestamp = Number.NaN;
  for (const item of signatureHeader.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") timestamp = Number.parseInt(value ?? "", 10);
  }
  return timestamp;
}
