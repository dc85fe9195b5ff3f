import { MAX_ACTIVE_API_KEYS } from "~/modules/api-keys/permissions";

/** The API keys screen's refusals and notices. */
export const API_KEYS_ACCESS_DENIED = {
  title: "Access Denied",
  description: "Only landlords, staff, and admins can access API keys",
} as const;
export const API_KEY_SUBSCRIPTION_NOTICE = "You need an active subscription to create API keys.";
export const API_KEY_TWO_FACTOR_NOTICE =
  "Turn on two-factor authentication to create and use API keys. Until then your keys do not work.";
export const API_KEY_LIMIT_NOTICE = `You have ${MAX_ACTIVE_API_KEYS} active API keys, the most you can hold. Delete one you no longer use to create another; to roll a key now, choose “Stop the old key now”.`;
