import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/ui-kit";
import { Icon } from "~/app/components/ui/icon";
import { AddressSearch } from "~/app/components/listing-form/address-search";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/app/components/ui/alert-dialog";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/app/components/ui/card";
import { Checkbox } from "~/app/components/ui/checkbox";
import { DatePicker } from "~/app/components/ui/date-picker";
import { formatDisplayDate, parseIsoDate } from "~/app/components/ui/date-format";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/app/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/app/components/ui/dropdown-menu";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { Pagination } from "~/app/components/ui/pagination";
import { PhoneInput } from "~/app/components/phone-input";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from "~/app/components/ui/select";
import { Skeleton } from "~/app/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from "~/app/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/app/components/ui/tabs";
import { Textarea } from "~/app/components/ui/textarea";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/app/components/ui/tooltip";
import type { AddressSuggestion } from "~/lib/adapters/maps/maps-adapter";
import { formatPhoneForDisplay, normalisePhone } from "~/modules/profiles/phone-number";
import { useHydrated } from "~/app/components/ui/use-hydrated";

const PAGE_COUNT = 20;

/** A development page showing every UI primitive; end-to-end tests drive it. Never served in production. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    page: Number.isInteger(page) ? Math.min(Math.max(page, 1), PAGE_COUNT) : 1,
    // What the plain form below submitted, to show the date picker's hidden input at work.
    moveIn: params.get("moveIn"),
    // The phone form below submits what was typed plus the country; the server normalises the pair.
    phone: params.has("phone") ? normalisePhone(params.get("phone"), params.get("phone_country")) : undefined,
  };
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "UI kit | Laneway Rooms" }, { name: "robots", content: "noindex" }];
}

const ROOMS = [
  { title: "Sunny room near Fitzroy Gardens", suburb: "East Melbourne", rent: 420, status: "available" },
  { title: "Quiet studio off Degraves Street", suburb: "Melbourne", rent: 510, status: "under_review" },
  { title: "Terrace room with courtyard", suburb: "Carlton", rent: 385, status: "available" },
] as const;

export default function UiKit({ loaderData }: Route.ComponentProps) {
  const [availableFrom, setAvailableFrom] = useState<Date | undefined>();
  const [sort, setSort] = useState("newest");
  const [showFeatured, setShowFeatured] = useState(true);
  const [lastAction, setLastAction] = useState("none yet");
  const [phone, setPhone] = useState<string | null>(null);
  const [address, setAddress] = useState<AddressSuggestion | null>(null);
  const [addressSubmits, setAddressSubmits] = useState(0);
  const submittedMoveIn = parseIsoDate(loaderData.moveIn);
  // Tests wait for this flag before using the keyboard, since the widgets only respond once hydrated.
  const hydrated = useHydrated();

  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <div data-hydrated={hydrated} className="mx-auto max-w-5xl space-y-14 px-4 py-10 sm:px-6 lg:px-8">
        <header className="space-y-2">
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">UI kit</h1>
          <p className="text-muted-foreground">
            Every primitive in <code className="rounded bg-muted px-1 py-0.5 text-sm">app/components/ui</code>, for
            review and end-to-end tests. Not available in production.
          </p>
        </header>

        <Section title="Buttons">
          <div className="flex flex-wrap items-center gap-3">
            <Button>Default</Button>
            <Button variant="secondary">Secondary</Button>
            <Button variant="outline">Outline</Button>
            <Button variant="ghost">Ghost</Button>
            <Button variant="destructive">Destructive</Button>
            <Button variant="link">Link</Button>
            <Button disabled>Disabled</Button>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button size="sm">Small</Button>
            <Button>Default size</Button>
            <Button size="lg">Large</Button>
            <Button size="icon" variant="outline" aria-label="Edit listing">
              <Icon name="pencil" />
            </Button>
            <a href="#pagination" className={buttonVariants({ variant: "outline" })}>
              A link styled as a button
            </a>
          </div>
        </Section>

        <Section title="Badges">
          <div className="flex flex-wrap gap-2">
            <Badge>$420/week</Badge>
            <Badge variant="secondary">Landlord</Badge>
            <Badge variant="outline">Draft</Badge>
            <Badge variant="success">Active</Badge>
            <Badge variant="warning">Under review</Badge>
            <Badge variant="destructive">Suspended</Badge>
          </div>
        </Section>

        <Section title="Form controls">
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField label="Property title" id="kit-title">
              <Input id="kit-title" placeholder="Search by title" />
            </FormField>
            <FormField label="Weekly rent ($)" id="kit-rent">
              <Input id="kit-rent" type="number" inputMode="numeric" min={0} placeholder="450" />
            </FormField>
            <FormField label="Postcode (invalid)" id="kit-postcode">
              <Input id="kit-postcode" defaultValue="30000" aria-invalid aria-describedby="kit-postcode-error" />
              <p id="kit-postcode-error" className="text-sm text-destructive">
                Enter a four-digit postcode.
              </p>
            </FormField>
            <FormField label="Disabled field" id="kit-disabled">
              <Input id="kit-disabled" disabled defaultValue="Cannot change this" />
            </FormField>
            <FormField label="Sort by" id="kit-sort">
              <Select value={sort} onValueChange={setSort} name="sort">
                <SelectTrigger id="kit-sort">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectGroup>
                    <SelectLabel>Date</SelectLabel>
                    <SelectItem value="newest">Newest first</SelectItem>
                    <SelectItem value="oldest">Oldest first</SelectItem>
                  </SelectGroup>
                  <SelectSeparator />
                  <SelectGroup>
                    <SelectLabel>Rent</SelectLabel>
                    <SelectItem value="rent-asc">Rent: low to high</SelectItem>
                    <SelectItem value="rent-desc">Rent: high to low</SelectItem>
                  </SelectGroup>
                </SelectContent>
              </Select>
              <p className="text-sm text-muted-foreground" data-testid="sort-value">
                Sort value: {sort}
              </p>
            </FormField>
            <FormField label="Available from" id="kit-available-from">
              <DatePicker id="kit-available-from" value={availableFrom} onChange={setAvailableFrom} />
              <p className="text-sm text-muted-foreground" data-testid="available-from-value">
                Chosen: {availableFrom ? formatDisplayDate(availableFrom) : "nothing yet"}
              </p>
            </FormField>
            <FormField label="Description" id="kit-description" className="sm:col-span-2">
              <Textarea id="kit-description" placeholder={"Features on the first line\nDetails below"} rows={4} />
            </FormField>
            <div className="flex items-start gap-3 sm:col-span-2">
              <Checkbox id="kit-terms" />
              <div className="grid gap-1.5">
                <Label htmlFor="kit-terms">I agree to the terms</Label>
                <p className="text-sm text-muted-foreground">Checkboxes toggle with Space.</p>
              </div>
            </div>
            <div className="flex items-center gap-3">
              <Checkbox id="kit-checkbox-disabled" disabled defaultChecked />
              <Label htmlFor="kit-checkbox-disabled">Disabled and checked</Label>
            </div>
          </div>

          <Form method="get" className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border p-4">
            <FormField label="Move-in date (plain form)" id="kit-move-in">
              <DatePicker id="kit-move-in" name="moveIn" defaultValue={submittedMoveIn} className="sm:w-60" />
            </FormField>
            <Button type="submit" variant="secondary">
              Submit
            </Button>
            <p className="basis-full text-sm text-muted-foreground" data-testid="move-in-submitted">
              Submitted: {loaderData.moveIn ?? "nothing yet"}
            </p>
          </Form>
        </Section>

        <Section title="Phone input">
          <Form method="get" className="grid gap-6 rounded-lg border p-4 sm:grid-cols-2">
            <PhoneInput
              id="kit-phone"
              name="phone"
              label="Phone number"
              describedBy="kit-phone-hint"
              onValueChange={(value) => setPhone(value.e164)}
            />
            <div className="grid content-start gap-2 text-sm text-muted-foreground sm:pt-6">
              <p id="kit-phone-hint">Defaults to Australia. Choose another country or type a number starting with +.</p>
              <p data-testid="phone-value" aria-live="polite">
                E.164: {phone ?? "not a valid number yet"}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
              <Button type="submit" variant="secondary">
                Check number
              </Button>
              <p className="text-sm text-muted-foreground" data-testid="phone-submitted">
                Submitted:{" "}
                {loaderData.phone === undefined ? "nothing yet" : (loaderData.phone ?? "not a valid phone number")}
              </p>
            </div>
          </Form>
          <div className="grid gap-6 sm:grid-cols-2">
            <PhoneInput id="kit-phone-stored" name="storedPhone" label="Stored US number" defaultValue="+17025550123" />
            <div className="grid content-start gap-2">
              <PhoneInput
                id="kit-phone-invalid"
                name="invalidPhone"
                label="Phone (invalid)"
                defaultValue="+6141234"
                invalid
                describedBy="kit-phone-invalid-error"
              />
              <p id="kit-phone-invalid-error" className="text-sm text-destructive">
                Enter a valid phone number.
              </p>
            </div>
            <PhoneInput
              id="kit-phone-disabled"
              name="disabledPhone"
              label="Phone (disabled)"
              defaultValue="+61390001234"
              disabled
            />
            <p className="text-sm text-muted-foreground sm:pt-6">
              Shown from storage: {formatPhoneForDisplay("+61390001234")} · {formatPhoneForDisplay("+17025550123")}
            </p>
          </div>
        </Section>

        <Section title="Address search">
          <form
            className="grid gap-4 rounded-lg border p-4"
            onSubmit={(event) => {
              event.preventDefault();
              setAddressSubmits((count) => count + 1);
            }}
          >
            <AddressSearch endpoint="/dev/address-suggestions" onSelect={setAddress} />
            <p className="text-sm text-muted-foreground">
              Served by <code className="rounded bg-muted px-1 py-0.5">/dev/address-suggestions</code> (the offline
              gazetteer unless GOOGLE_MAPS_API_KEY is set); the listing form uses the gated
              /list-property/address-suggestions.
            </p>
            <dl
              data-testid="address-selection"
              className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-muted/40 p-3 text-sm"
            >
              {(
                [
                  ["Street address", address?.streetAddress],
                  ["Suburb", address?.suburb],
                  ["State", address?.state],
                  ["Postcode", address?.postcode],
                  ["Country", address?.country],
                  ["Position", address ? `${address.lat.toFixed(4)}, ${address.lng.toFixed(4)}` : undefined],
                  ["Precision", address?.precision],
                ] as const
              ).map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="font-medium">{term}</dt>
                  <dd data-testid={`address-${term.toLowerCase().replace(/ /g, "-")}`}>{value || "—"}</dd>
                </div>
              ))}
            </dl>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" variant="secondary">
                Save address
              </Button>
              <p className="text-sm text-muted-foreground" data-testid="address-submits">
                Form submissions: {addressSubmits}
              </p>
            </div>
          </form>
        </Section>

        <Section title="Dialogs">
          <div className="flex flex-wrap gap-3">
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="outline">Open dialog</Button>
              </DialogTrigger>
              <DialogContent>
                <DialogHeader>
                  <DialogTitle>Subscription Details</DialogTitle>
                  <DialogDescription>Your plan and payment references.</DialogDescription>
                </DialogHeader>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                  <dt className="font-medium">Plan</dt>
                  <dd>No active plan</dd>
                  <dt className="font-medium">Customer ID</dt>
                  <dd>N/A</dd>
                </dl>
                <div className="grid gap-2">
                  <Label htmlFor="kit-dialog-note">Note</Label>
                  <Input id="kit-dialog-note" placeholder="Tab stays inside the dialog" />
                </div>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button>Done</Button>
                  </DialogClose>
                </DialogFooter>
              </DialogContent>
            </Dialog>

            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="destructive">
                  <Icon name="trash" />
                  Delete post
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Delete this post?</AlertDialogTitle>
                  <AlertDialogDescription>This cannot be undone.</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction variant="destructive" onClick={() => setLastAction("deleted")}>
                    Delete
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </div>
        </Section>

        <Section title="Menus and tooltips">
          <div className="flex flex-wrap items-center gap-3">
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">
                  <Icon name="ellipsis" />
                  Listing actions
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start">
                <DropdownMenuLabel>Listing</DropdownMenuLabel>
                <DropdownMenuGroup>
                  <DropdownMenuItem onSelect={() => setLastAction("edit")}>
                    <Icon name="pencil" />
                    Edit
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setLastAction("duplicate")}>Duplicate</DropdownMenuItem>
                  <DropdownMenuItem disabled>Archive (disabled)</DropdownMenuItem>
                </DropdownMenuGroup>
                <DropdownMenuSeparator />
                <DropdownMenuCheckboxItem checked={showFeatured} onCheckedChange={setShowFeatured}>
                  Featured
                </DropdownMenuCheckboxItem>
                <DropdownMenuSeparator />
                <DropdownMenuLabel>Sort</DropdownMenuLabel>
                <DropdownMenuRadioGroup value={sort} onValueChange={setSort}>
                  <DropdownMenuRadioItem value="newest">Newest first</DropdownMenuRadioItem>
                  <DropdownMenuRadioItem value="oldest">Oldest first</DropdownMenuRadioItem>
                </DropdownMenuRadioGroup>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => setLastAction("delete")}>
                  <Icon name="trash" />
                  Delete
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>

            <Tooltip>
              <TooltipTrigger asChild>
                <Button variant="outline" size="icon" aria-label="Add to favourites">
                  <Icon name="heart" />
                </Button>
              </TooltipTrigger>
              <TooltipContent>Add to favourites</TooltipContent>
            </Tooltip>
          </div>
          <p className="text-sm text-muted-foreground" data-testid="last-action" aria-live="polite">
            Last action: {lastAction}
          </p>
        </Section>

        <Section title="Tabs">
          <Tabs defaultValue="details">
            <TabsList aria-label="Listing sections">
              <TabsTrigger value="details">Details</TabsTrigger>
              <TabsTrigger value="location">Location</TabsTrigger>
              <TabsTrigger value="photos">Photos</TabsTrigger>
            </TabsList>
            <TabsContent value="details">Two bedrooms, shared bathroom, bills included.</TabsContent>
            <TabsContent value="location">Five minutes' walk to Parliament station.</TabsContent>
            <TabsContent value="photos">Eight photos of the room and garden.</TabsContent>
          </Tabs>
        </Section>

        <Section title="Cards and skeletons">
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <Card>
              <CardHeader>
                <CardTitle>Sunny room near Fitzroy Gardens</CardTitle>
                <CardDescription>
                  East Melbourne · Available from {formatDisplayDate(new Date(2026, 10, 21))}
                </CardDescription>
              </CardHeader>
              <CardContent className="text-sm">Furnished, bills included, close to trams.</CardContent>
              <CardFooter>
                <Badge>$420/week</Badge>
              </CardFooter>
            </Card>
            <Card aria-busy="true">
              <span className="sr-only">Loading listing…</span>
              <CardHeader>
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
              </CardHeader>
              <CardContent className="space-y-2">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-5/6" />
              </CardContent>
              <CardFooter>
                <Skeleton rounded="full" className="h-6 w-24" />
              </CardFooter>
            </Card>
          </div>
        </Section>

        <Section title="Table">
          <Table>
            <TableCaption>Three sample listings.</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Title</TableHead>
                <TableHead>Suburb</TableHead>
                <TableHead align="right">Rent</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {ROOMS.map((room) => (
                <TableRow key={room.title}>
                  <TableCell className="font-medium">{room.title}</TableCell>
                  <TableCell>{room.suburb}</TableCell>
                  <TableCell className="text-right tabular-nums">${room.rent}/week</TableCell>
                  <TableCell>
                    <Badge variant={room.status === "available" ? "success" : "warning"}>
                      {room.status === "available" ? "Available" : "Under review"}
                    </Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={2}>Average rent</TableCell>
                <TableCell className="text-right tabular-nums">$438/week</TableCell>
                <TableCell />
              </TableRow>
            </TableFooter>
          </Table>
        </Section>

        <Section title="Pagination">
          <p className="text-sm text-muted-foreground" data-testid="current-page">
            Page {loaderData.page} of {PAGE_COUNT}
          </p>
          <Pagination
            page={loaderData.page}
            pageCount={PAGE_COUNT}
            hrefForPage={(page) => `?page=${page}#pagination`}
          />
        </Section>
      </div>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 space-y-4">
      <h2 id={`${id}-heading`} className="border-b pb-2 text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
