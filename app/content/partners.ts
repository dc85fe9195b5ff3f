/** Partners shown on the home page. */
export interface Partner {
  id: string;
  name: string;
  description: string;
  image: string;
}

export const PARTNERS: readonly Partner[] = [
  {
    id: "laneway-linen",
    name: "Laneway Linen Co.",
    description: "Hotel-grade bedding and towels, laundered weekly for every furnished room we manage.",
    image: "/images/partners/laneway-linen.svg",
  },
  {
    id: "tramline-movers",
    name: "Tramline Movers",
    description: "Fixed-price moves across inner Melbourne, timed to your lease start date.",
    image: "/images/partners/tramline-movers.svg",
  },
  {
    id: "southbank-clean",
    name: "Southbank Clean Collective",
    description: "The cleaning team behind our monthly common-area cleans.",
    image: "/images/partners/southbank-clean.svg",
  },
  {
    id: "collins-cover",
    name: "Collins Cover Insurance",
    description: "Contents insurance designed for renters on 3 to 12 month leases.",
    image: "/images/partners/collins-cover.svg",
  },
  {
    id: "yarra-fibre",
    name: "Yarra Fibre",
    description: "Fast, unlimited NBN in every home, ready on the day you move in.",
    image: "/images/partners/yarra-fibre.svg",
  },
  {
    id: "docklands-desk",
    name: "Docklands Desk",
    description: "Coworking passes for tenants who need a desk away from home.",
    image: "/images/partners/docklands-desk.svg",
  },
];
