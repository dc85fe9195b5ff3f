import { env } from "~/lib/env.server";
import type { FormsAdapter } from "~/lib/adapters/forms/forms-adapter";
import { HubSpotFormsAdapter } from "~/lib/adapters/forms/hubspot-forms.server";
import { LocalFormsAdapter } from "~/lib/adapters/forms/local-forms.server";

let adapter: FormsAdapter | undefined;

/** The configured forms provider: HubSpot when HUBSPOT_PORTAL_ID and HUBSPOT_FORM_ID are set, else the local inbox. */
export function formsAdapter(): FormsAdapter {
  adapter ??= createFormsAdapter(env());
  return adapter;
}

export function createFormsAdapter(config: {
  HUBSPOT_PORTAL_ID?: string | undefined;
  HUBSPOT_FORM_ID?: string | undefined;
}): FormsAdapter {
  return config.HUBSPOT_PORTAL_ID && config.HUBSPOT_FORM_ID
    ? new HubSpotFormsAdapter({ portalId: config.HUBSPOT_PORTAL_ID, formId: config.HUBSPOT_FORM_ID })
    : new LocalFormsAdapter();
}
