/** The demo accounts: their published password, names, roles and subscriptions. */
import type { NewUser } from "~/modules/auth/create-user.server";

export const DEMO_PASSWORD = "Password123!";

/** The demo accounts plus two more landlords who own the rest of the listings. */
export const demoAccounts = [
  {
    email: "admin@example.com",
    firstName: "Alex",
    lastName: "Admin",
    phone: "0400 100 001",
    role: "admin",
    subscriptionStatus: "inactive",
  },
  {
    email: "staff@example.com",
    firstName: "Sam",
    lastName: "Staff",
    phone: "0400 100 002",
    role: "staff",
    subscriptionStatus: "inactive",
  },
  {
    email: "landlord@example.com",
    firstName: "Lena",
    lastName: "Landlord",
    phone: "0412 555 013",
    role: "landlord",
    subscriptionStatus: "active",
  },
  {
    email: "landlord.pending@example.com",
    firstName: "Pat",
    lastName: "Pending",
    phone: "0412 555 014",
    role: "landlord",
    subscriptionStatus: "inactive",
  },
  {
    email: "tenant@example.com",
    firstName: "Tara",
    lastName: "Tenant",
    phone: "0433 200 015",
    role: "tenant",
    subscriptionStatus: "inactive",
  },
  {
    email: "priya.nair@example.com",
    firstName: "Priya",
    lastName: "Nair",
    phone: "0421 404 216",
    role: "landlord",
    subscriptionStatus: "active",
  },
  {
    email: "tom.nguyen@example.com",
    firstName: "Tom",
    lastName: "Nguyen",
    phone: "0438 777 217",
    role: "landlord",
    subscriptionStatus: "active",
  },
  // Subscribed but has not listed anything yet.
  {
    email: "mei.lin@example.com",
    firstName: "Mei",
    lastName: "Lin",
    phone: "0412 909 218",
    role: "landlord",
    subscriptionStatus: "active",
  },
] as const satisfies readonly Omit<NewUser, "password">[];

export type DemoOwner = (typeof demoAccounts)[number]["email"];
