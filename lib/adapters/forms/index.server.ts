import type { FormsAdapter } from "~/lib/adapters/forms/forms-adapter";
import { HubSpotFormsAdapter } from "~/lib/adapters/forms/hubspot-forms.server";
import { LocalFormsAdapter } from "~/lib/adapters/forms/local-forms.server";

export function createFormsAdapter(config: {
  HUBSPOT_PORTAL_ID?: string | undefined;
  HUBSPOT_FORM_ID?: string | undefined;
}): FormsAdapter {
  return config.HUBSPOT_PORTAL_ID && config.HUBSPOT_FORM_ID
    ? new HubSpotFormsAdapter({ portalId: config.HUBSPOT_PORTAL_ID, formId: config.HUBSPOT_FORM_ID })
    : new LocalFormsAdapter();
}
