import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (strings, conditionals, arrays), nothing more: no conflict resolution, so a
 * later utility does not replace an earlier one. A class list must therefore never carry two
 * utilities for the same property (`h-10 h-9`, `px-5 px-3`, `text-sm text-xs`): which one wins
 * would depend on the stylesheet's order, not on the list. A component that lets callers change
 * something offers a variant for it (`<Button size="icon-sm">`) or leaves that property out of its
 * base classes. Every accessibility check of the end-to-end tests also checks the page's class
 * lists for conflicts (tests/e2e/support/class-conflicts.ts).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
