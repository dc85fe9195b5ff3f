import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import { Button } from "~/app/components/ui/button";
import {
  EMPTY_DESCRIPTION,
  ENHANCE_FAILED_FALLBACK,
  ENHANCE_FAILED_TITLE,
  ENHANCE_PATH,
  ENHANCED_DESCRIPTION,
  ENHANCED_TITLE,
  type EnhanceResult,
} from "~/modules/listings/enhance-text";

export interface EnhanceDescriptionButtonProps {
  /** The description as it stands when the button is pressed. */
  getDescription: () => string;
  /** Receives the enhanced description, which replaces the old one. */
  onEnhanced: (text: string) => void;
  className?: string;
}

/**
 * "Enhance with AI" under the listing description. It sits inside the listing form, so it is a
 * plain button that posts through a fetcher (a nested form would be invalid HTML).
 */
export function EnhanceDescriptionButton({ getDescription, onEnhanced, className }: EnhanceDescriptionButtonProps) {
  const fetcher = useFetcher<EnhanceResult>();
  const busy = fetcher.state !== "idle";
  // Each answer is handled once, even when the parent re-renders with a new onEnhanced.
  const handled = useRef<EnhanceResult | undefined>(undefined);
  const onEnhancedRef = useRef(onEnhanced);
  useEffect(() => {
    onEnhancedRef.current = onEnhanced;
  });

  const result = fetcher.data;
  useEffect(() => {
    if (!result || result === handled.current) return;
    handled.current = result;
    if ("enhancedText" in result) {
      onEnhancedRef.current(result.enhancedText);
      toast.success(ENHANCED_TITLE, { description: ENHANCED_DESCRIPTION });
    } else {
      toast.error(ENHANCE_FAILED_TITLE, { description: result.error || ENHANCE_FAILED_FALLBACK });
    }
  }, [result]);

  function enhance() {
    const text = getDescription();
    if (!text.trim()) {
      toast.error(EMPTY_DESCRIPTION);
      return;
    }
    // Rewriting text changes nothing on the server, so the page's loaders need not run again.
    void fetcher.submit({ text }, { method: "post", action: ENHANCE_PATH, defaultShouldRevalidate: false });
  }

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={enhance}
      disabled={busy}
      aria-busy={busy || undefined}
      className={className}
    >
      {busy ? <Icon name="loader-circle" className="animate-spin" /> : <Icon name="sparkles" />}
      Enhance with AI
    </Button>
  );
}
