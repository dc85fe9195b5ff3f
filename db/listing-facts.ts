/**
 * The listing facts the database constrains (lease range, room types, bills): plain data, shared by
 * the schema and, through modules/listings/listing-facts.ts, by forms, pages and the server.
 */

export const LEASE_MONTHS = { min: 3, max: 12 } as const;

export const ROOM_TYPES = ["private_room", "ensuite", "studio", "whole_apartment"] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const DEFAULT_ROOM_TYPE: RoomType = "private_room";

/** The bills a landlord may include, in the order forms and pages list them. */
export const BILL_KINDS = ["power", "gas", "internet", "water"] as const;
export type BillKind = (typeof BILL_KINDS)[number];
