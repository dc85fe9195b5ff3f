import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** Reloads the page's data when the tab becomes visible again, so new messages show up. */
export function useRevalidateOnFocus(): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, [revalidator]);
}
