import {
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";
import { fieldClasses, fieldFrameClasses } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "~/app/components/ui/popover";
import {
  DEFAULT_PHONE_COUNTRY,
  PHONE_PLACEHOLDER,
  formatPhoneEdit,
  normalisePhone,
  phoneCountryFieldName,
  phoneCountryOptions,
  phoneInputDefaults,
  searchPhoneCountries,
  type PhoneCountry,
  type PhoneCountryOption,
} from "~/modules/profiles/phone-number";

export type PhoneInputProps = {
  /** The id of the visible telephone input; point a `<Label htmlFor>` at it, or pass `label`. */
  id: string;
  /** The phone field's name; the chosen country is submitted as `${name}_country`. */
  name: string;
  /** Renders a label above the field; leave out when the caller renders its own. */
  label?: ReactNode;
  /** A stored number in E.164 form (+61412345678); its country is chosen and it is shown nationally. */
  defaultValue?: string;
  /** The country chosen when there is no stored number; Australia unless told. */
  defaultCountry?: PhoneCountry;
  placeholder?: string;
  required?: boolean;
  invalid?: boolean;
  /** Ids of hints or errors describing the number, e.g. "phone-error". */
  describedBy?: string;
  disabled?: boolean;
  className?: string;
  /** Called after every edit and country change with the E.164 number, or null while it is not valid. */
  onValueChange?: (value: { e164: string | null; country: PhoneCountry; text: string }) => void;
};

/**
 * An international phone number field: a country button (flag and dialling code) that opens a
 * searchable list of countries, next to a telephone input that formats for the chosen country as
 * the person types and refuses more than 15 digits in total.
 *
 * Form-field contract (see modules/profiles/phone-number.ts): the visible input submits what was
 * typed as `name`, and a hidden input submits the chosen country as `${name}_country`. Both are in
 * the server-rendered markup, so the field works before (or without) JavaScript, with the default
 * country; the server always calls `normalisePhone(form.get(name), form.get(`${name}_country`))`.
 */
export function PhoneInput({
  id,
  name,
  label,
  defaultValue,
  defaultCountry = DEFAULT_PHONE_COUNTRY,
  placeholder = PHONE_PLACEHOLDER,
  required,
  invalid,
  describedBy,
  disabled,
  className,
  onValueChange,
}: PhoneInputProps) {
  const [initial] = useState(() => phoneInputDefaults(defaultValue, defaultCountry));
  const [country, setCountry] = useState(initial.country);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // The formatted value before the latest edit, to tell a deleted separator from a deleted digit.
  const previousRef = useRef(initial.text);
  const selectedRef = useRef(false);
  const option = useMemo(() => countryOption(country), [country]);
  const showFlags = useShowFlags();

  function notify(text: string, nextCountry: PhoneCountry) {
    onValueChange?.({ e164: normalisePhone(text, nextCountry), country: nextCountry, text });
  }

  function applyEdit(input: HTMLInputElement, inputType: string | undefined, nextCountry: PhoneCountry) {
    const next = formatPhoneEdit(
      {
        text: input.value,
        caret: input.selectionStart ?? input.value.length,
        previous: previousRef.current,
        inputType,
      },
      nextCountry,
    );
    if (input.value !== next.text) input.value = next.text;
    if (input.ownerDocument.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    previousRef.current = next.text;
    return next.text;
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const inputType = (event.nativeEvent as Partial<InputEvent>).inputType;
    notify(applyEdit(event.currentTarget, inputType, country), country);
  }

  // Anything typed before hydration is formatted once React takes over.
  useEffect(() => {
    const input = inputRef.current;
    if (input && input.value !== previousRef.current) applyEdit(input, undefined, country);
    // Only on mount: later edits go through handleChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function selectCountry(next: PhoneCountry) {
    setCountry(next);
    selectedRef.current = true;
    setOpen(false);
    const input = inputRef.current;
    if (input) {
      input.setSelectionRange(input.value.length, input.value.length);
      notify(applyEdit(input, undefined, next), next);
    }
  }

  return (
    <div className={cn("grid gap-2", className)}>
      {label && <Label htmlFor={id}>{label}</Label>}
      <div className="flex min-w-0">
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger asChild>
            <button
              type="button"
              id={`${id}-country`}
              disabled={disabled}
              // The visible "+61" is part of the name (WCAG 2.5.3); the flag is decoration.
              aria-label={`Country: ${option.name}, +${option.callingCode}`}
              onKeyDown={(event) => {
                if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                  event.preventDefault();
                  setOpen(true);
                }
              }}
              className={cn(
                fieldFrameClasses,
                "flex h-10 w-auto shrink-0 cursor-pointer items-center gap-1.5 rounded-e-none border-e-0 px-2.5 py-2 text-base hover:bg-muted focus-visible:relative focus-visible:z-10 sm:px-3 sm:text-sm",
                invalid ? "border-destructive" : "border-input",
              )}
            >
              {showFlags && (
                <span aria-hidden className="text-lg leading-none">
                  {option.flag}
                </span>
              )}
              <span className="tabular-nums">+{option.callingCode}</span>
              <Icon name="chevron-down" className="size-4 text-muted-foreground" />
            </button>
          </PopoverTrigger>
          <PopoverContent
            align="start"
            bare
            aria-label="Choose a country"
            className="flex w-80 max-w-[calc(100vw-2rem)] flex-col overflow-hidden p-0"
            onCloseAutoFocus={(event) => {
              // After choosing a country the number comes next; Escape goes back to the button.
              if (!selectedRef.current) return;
              selectedRef.current = false;
              event.preventDefault();
              inputRef.current?.focus();
            }}
          >
            <CountryList id={id} current={country} showFlags={showFlags} onSelect={selectCountry} />
          </PopoverContent>
        </Popover>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder={placeholder}
          defaultValue={initial.text}
          required={required}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={handleChange}
          className={cn(fieldClasses, "h-10 flex-1 rounded-s-none py-2 focus-visible:relative focus-visible:z-10")}
        />
      </div>
      <input type="hidden" name={phoneCountryFieldName(name)} value={country} />
    </div>
  );
}

const subscribeToNothing = () => () => undefined;
const flagsOnServer = () => true;
let flagSupport: boolean | undefined;

/**
 * Whether this browser draws flag emoji in colour. Windows shows regional indicators as two grey
 * letters and some systems have no emoji font at all (empty boxes); the flags are decoration, so
 * they are left out there. Server markup has them; the check runs once in the browser.
 */
function useShowFlags(): boolean {
  return useSyncExternalStore(subscribeToNothing, supportsColourFlags, flagsOnServer);
}

function supportsColourFlags(): boolean {
  if (flagSupport !== undefined) return flagSupport;
  flagSupport = true;
  try {
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!context) return flagSupport;
    context.font = "16px sans-serif";
    context.textBaseline = "top";
    context.fillStyle = "#000";
    context.fillText("\u{1F1E6}\u{1F1FA}", 0, 0);
    const pixels = context.getImageData(0, 0, 24, 24).data;
    flagSupport = false;
    for (let index = 0; index < pixels.length; index += 4) {
      const [red = 0, green = 0, blue = 0, alpha = 0] = pixels.subarray(index, index + 4);
      if (alpha > 0 && Math.max(red, green, blue) - Math.min(red, green, blue) > 40) {
        flagSupport = true;
        break;
      }
    }
  } catch {
    flagSupport = true;
  }
  return flagSupport;
}

function countryOption(code: PhoneCountry): PhoneCountryOption {
  const options = phoneCountryOptions();
  return options.find((option) => option.code === code) ?? options[0]!;
}

/**
 * The popover's content: a search box that is a combobox for the list below it (APG "combobox with
 * listbox popup"): focus stays in the box, arrow keys move the active option, Enter chooses it.
 */
function CountryList({
  id,
  current,
  showFlags,
  onSelect,
}: {
  id: string;
  current: PhoneCountry;
  showFlags: boolean;
  onSelect: (country: PhoneCountry) => void;
}) {
  const [query, setQuery] = useState("");
  const results = useMemo(() => searchPhoneCountries(phoneCountryOptions(), query), [query]);
  const [active, setActive] = useState<PhoneCountry | undefined>(current);
  const activeIndex = Math.max(
    results.findIndex((option) => option.code === active),
    0,
  );
  const activeOption = results[activeIndex];
  const listboxId = `${id}-countries`;
  const optionId = (code: PhoneCountry) => `${id}-country-${code}`;

  useEffect(() => {
    if (activeOption) document.getElementById(optionId(activeOption.code))?.scrollIntoView({ block: "nearest" });
    // optionId only depends on id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeOption]);

  function move(by: number) {
    if (results.length === 0) return;
    const next = Math.min(Math.max(activeIndex + by, 0), results.length - 1);
    setActive(results[next]!.code);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 8, PageUp: -8 };
    if (event.key in moves) {
      event.preventDefault();
      move(moves[event.key]!);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (activeOption) onSelect(activeOption.code);
    }
  }

  return (
    <>
      <div className="border-b p-2">
        <div className="relative">
          <Icon
            name="search"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            type="text"
            role="combobox"
            aria-label="Search country"
            aria-autocomplete="list"
            aria-expanded={results.length > 0}
            aria-controls={listboxId}
            aria-activedescendant={activeOption ? optionId(activeOption.code) : undefined}
            placeholder="Search country"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="done"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(undefined);
            }}
            onKeyDown={handleKeyDown}
            className={cn(fieldClasses, "h-9 py-1.5 pl-8")}
          />
        </div>
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Countries"
        hidden={results.length === 0}
        className="max-h-60 min-h-0 overflow-y-auto overscroll-contain p-1 sm:max-h-72"
      >
        {results.map((option) => {
          const isActive = option.code === activeOption?.code;
          return (
            // Options are chosen from the keyboard through the search box (aria-activedescendant).
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={option.code}
              id={optionId(option.code)}
              role="option"
              aria-selected={isActive}
              data-active={isActive || undefined}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => !isActive && setActive(option.code)}
              onClick={() => onSelect(option.code)}
              className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-2 text-sm data-active:bg-muted sm:py-1.5"
            >
              {showFlags && (
                <span aria-hidden className="text-lg leading-none">
                  {option.flag}
                </span>
              )}
              <span className="min-w-0 flex-1 truncate">{option.name}</span>
              <span className="text-muted-foreground tabular-nums">+{option.callingCode}</span>
              <Icon
                name="check"
                className={cn("size-4 shrink-0 text-primary", option.code !== current && "invisible")}
              />
            </li>
          );
        })}
      </ul>
      <div role="status">
        {results.length === 0 && (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">No country matches “{query.trim()}”.</p>
        )}
      </div>
    </>
  );
}
