import { PARTNERS } from "~/app/content/partners";

/** The home page's "Our Partners" section. */
export function Partners() {
  return (
    <section aria-labelledby="partners-heading" className="py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="partners-heading" className="font-display text-3xl font-bold tracking-tight">
          Our Partners
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">The local businesses that make moving in easy.</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {PARTNERS.map((partner) => (
            <li key={partner.id} className="flex gap-4 rounded-2xl border p-5">
              <img
                src={partner.image}
                alt=""
                width={120}
                height={60}
                loading="lazy"
                decoding="async"
                className="h-[60px] w-[120px] shrink-0"
              />
              <div>
                <h3 className="font-semibold">{partner.name}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{partner.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
