import { canUseApiKeys } from "~/modules/api-keys/permissions";
import { canEnterAdminArea } from "~/modules/admin/access";
import { displayName, type UserRole, type Viewer } from "~/modules/auth/viewer";

/** What the page shell needs to know about the signed-in user (sent to the browser). */
export interface AccountSummary {
  name: string;
  email: string;
  role: UserRole;
  avatarUrl: string | null;
  canUseApiKeys: boolean;
  canAdminister: boolean;
}

export function accountSummary(viewer: Viewer): AccountSummary {
  return {
    name: displayName(viewer),
    email: viewer.email,
    role: viewer.role,
    avatarUrl: viewer.avatarUrl,
    canUseApiKeys: canUseApiKeys(viewer),
    canAdminister: canEnterAdminArea(viewer),
  };
}
