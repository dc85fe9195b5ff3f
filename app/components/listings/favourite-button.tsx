import { Heart } from "lucide-react";
import { toast } from "sonner";
import { cn } from "~/app/components/ui/cn";

export interface FavouriteButtonProps {
  listingTitle: string;
  /** Null while nobody is signed in: favouriting then asks the visitor to sign in. */
  favourited: boolean | null;
  className?: string;
}

/** The heart on cards and the listing page; filled red when the listing is a favourite. */
export function FavouriteButton({ listingTitle, favourited, className }: FavouriteButtonProps) {
  const signedIn = favourited !== null;
  return (
    <button
      type="button"
      aria-pressed={signedIn ? favourited : undefined}
      aria-label={favourited ? `Remove ${listingTitle} from favourites` : `Add ${listingTitle} to favourites`}
      onClick={() => {
        if (!signedIn) {
          toast.error("Please sign in", { description: "You need to be signed in to favourite listings" });
        }
      }}
      className={cn(
        "grid size-10 place-items-center rounded-full bg-white/90 text-slate-700 shadow-sm ring-1 ring-slate-900/10 backdrop-blur transition hover:scale-105 hover:text-red-600",
        className,
      )}
    >
      <Heart aria-hidden className={cn("size-5", favourited && "fill-red-600 text-red-600")} />
    </button>
  );
}
