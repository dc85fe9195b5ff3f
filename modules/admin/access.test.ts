import { describe, expect, it } from "vitest";
import { adminAccess } from "~/modules/admin/access";
import type { Viewer } from "~/modules/auth/viewer";

const viewer = (role: Viewer["role"], twoFactorEnabled = false): Viewer => ({
  id: role,
  email: `${role}@example.com`,
  role,
  subscriptionStatus: "active",
  firstName: null,
  lastName: null,
  avatarUrl: null,
  twoFactorEnabled,
});

describe("adminAccess", () => {
  it("admits staff and admins only", () => {
    expect(adminAccess(null, { production: false })).toBe("denied");
    expect(adminAccess(viewer("tenant"), { production: false })).toBe("denied");
    expect(adminAccess(viewer("landlord", true), { production: true })).toBe("denied");
    expect(adminAccess(viewer("staff"), { production: false })).toBe("granted");
    expect(adminAccess(viewer("admin"), { production: false })).toBe("granted");
  });

  it("in production requires two-factor for staff and admins", () => {
    expect(adminAccess(viewer("staff"), { production: true })).toBe("two-factor-required");
    expect(adminAccess(viewer("admin"), { production: true })).toBe("two-factor-required");
    expect(adminAccess(viewer("admin", true), { production: true })).toBe("granted");
  });
});
