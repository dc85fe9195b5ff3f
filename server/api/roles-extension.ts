/** Who may call an operation, shown in the keys screen's documentation. */
export const ROLES_EXTENSION = "x-laneway-roles";
export const everyKeyHolder = { [ROLES_EXTENSION]: ["landlord", "staff", "admin"] };
export const staffAndAdmin = { [ROLES_EXTENSION]: ["staff", "admin"] };
