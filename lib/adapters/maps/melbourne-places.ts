import type { LatLng, PlaceType } from "~/lib/adapters/maps/maps-adapter";

/** A curated place of interest for the offline maps adapter. */
export interface CuratedPlace {
  /** Stable id, `mel:<slug>`. */
  id: string;
  name: string;
  /** Street and suburb, as a nearby-search "vicinity". */
  vicinity: string;
  types: PlaceType[];
  location: LatLng;
}

// Two stations are both sights (nearby search) and destinations (location search): one position each.
const FLINDERS_STREET = [-37.8183, 144.9671] as const;
const SOUTHERN_CROSS = [-37.8183, 144.9525] as const;

type Row = [slug: string, name: string, vicinity: string, lat: number, lng: number, types: PlaceType[]];

// Real places in Melbourne's CBD and inner suburbs. Coordinates are WGS84 (the entrance or the middle
// of the place) and meant to be within about 100 m; streets and precincts are placed at their
// best-known stretch.
// prettier-ignore
const ROWS: Row[] = [
  // Melbourne CBD (3000)
  ["federation-square", "Federation Square", "Swanston St & Flinders St, Melbourne", -37.818, 144.9691, ["tourist_attraction", "landmark", "point_of_interest"]],
  ["flinders-street-station", "Flinders Street Station", "Flinders St, Melbourne", ...FLINDERS_STREET, ["landmark", "tourist_attraction", "point_of_interest"]],
  ["state-library-victoria", "State Library Victoria", "328 Swanston St, Melbourne", -37.8098, 144.9652, ["tourist_attraction", "landmark", "point_of_interest"]],
  ["acmi", "ACMI", "Federation Square, Melbourne", -37.8176, 144.9695, ["museum", "tourist_attraction"]],
  ["ngv-australia", "The Ian Potter Centre: NGV Australia", "Federation Square, Melbourne", -37.8174, 144.9706, ["art_gallery", "museum"]],
  ["koorie-heritage-trust", "Koorie Heritage Trust", "Yarra Building, Federation Square, Melbourne", -37.8184, 144.9702, ["art_gallery", "museum", "point_of_interest"]],
  ["hosier-lane", "Hosier Lane", "Hosier Ln, Melbourne", -37.8166, 144.9691, ["tourist_attraction", "landmark", "point_of_interest"]],
  ["acdc-lane", "AC/DC Lane", "AC/DC Ln, Melbourne", -37.8163, 144.9717, ["tourist_attraction", "point_of_interest"]],
  ["degraves-street", "Degraves Street", "Degraves St, Melbourne", -37.8168, 144.9657, ["tourist_attraction", "point_of_interest"]],
  ["centre-place", "Centre Place", "Centre Pl, Melbourne", -37.8161, 144.9653, ["tourist_attraction", "point_of_interest"]],
  ["block-arcade", "The Block Arcade", "282 Collins St, Melbourne", -37.8157, 144.9646, ["landmark", "tourist_attraction", "point_of_interest"]],
  ["royal-arcade", "Royal Arcade", "335 Bourke St, Melbourne", -37.8144, 144.9641, ["landmark", "tourist_attraction", "point_of_interest"]],
  ["hardware-lane", "Hardware Lane", "Hardware Ln, Melbourne", -37.813, 144.96, ["point_of_interest", "tourist_attraction"]],
  ["queen-victoria-market", "Queen Victoria Market", "Queen St & Victoria St, Melbourne", -37.8076, 144.9568, ["tourist_attraction", "landmark", "point_of_interest"]],
  ["st-pauls-cathedral", "St Paul's Cathedral", "Flinders Ln & Swanston St, Melbourne", -37.817, 144.9675, ["landmark", "tourist_attraction", "point_of_interest"]],
  ["melbourne-town-hall", "Melbourne Town Hall", "90-130 Swanston St, Melbourne", -37.815, 144.9665, ["landmark", "point_of_interest"]],
  ["manchester-unity-building", "Manchester Unity Building", "220 Collins St, Melbourne", -37.8153, 144.966, ["landmark", "point_of_interest"]],
  ["young-and-jackson", "Young and Jackson", "1 Swanston St, Melbourne", -37.8174, 144.9668, ["landmark", "point_of_interest"]],
  ["regent-theatre", "Regent Theatre", "191 Collins St, Melbourne", -37.8157, 144.968, ["landmark", "point_of_interest"]],
  ["forum-melbourne", "Forum Melbourne", "154 Flinders St, Melbourne", -37.8167, 144.9693, ["landmark", "point_of_interest"]],
  ["scots-church", "Scots' Church", "77 Collins St, Melbourne", -37.8148, 144.9689, ["landmark", "point_of_interest"]],
  ["chinatown", "Chinatown Melbourne", "Little Bourke St, Melbourne", -37.8117, 144.967, ["tourist_attraction", "point_of_interest"]],
  ["chinese-museum", "Chinese Museum", "22 Cohen Pl, Melbourne", -37.8108, 144.9689, ["museum", "tourist_attraction"]],
  ["her-majestys-theatre", "Her Majesty's Theatre", "219 Exhibition St, Melbourne", -37.8111, 144.9698, ["landmark", "point_of_interest"]],
  ["bourke-street-mall", "Bourke Street Mall", "Bourke St, Melbourne", -37.8136, 144.9645, ["tourist_attraction", "point_of_interest"]],
  ["melbourne-gpo", "Melbourne GPO", "350 Bourke St, Melbourne", -37.8138, 144.9637, ["landmark", "point_of_interest"]],
  ["coops-shot-tower", "Coop's Shot Tower", "Melbourne Central, 211 La Trobe St, Melbourne", -37.8104, 144.963, ["landmark", "tourist_attraction", "point_of_interest"]],
  ["st-francis-church", "St Francis' Church", "326 Lonsdale St, Melbourne", -37.8121, 144.9625, ["landmark", "point_of_interest"]],
  ["rmit-gallery", "RMIT Gallery", "Storey Hall, 344 Swanston St, Melbourne", -37.8086, 144.9643, ["art_gallery", "point_of_interest"]],
  ["old-melbourne-gaol", "Old Melbourne Gaol", "377 Russell St, Melbourne", -37.8078, 144.9653, ["museum", "tourist_attraction", "landmark"]],
  ["melbourne-city-baths", "Melbourne City Baths", "420 Swanston St, Melbourne", -37.807, 144.9628, ["landmark", "point_of_interest"]],
  ["immigration-museum", "Immigration Museum", "400 Flinders St, Melbourne", -37.8193, 144.9605, ["museum", "tourist_attraction"]],
  ["sea-life-melbourne", "SEA LIFE Melbourne Aquarium", "King St & Flinders St, Melbourne", -37.8206, 144.9582, ["tourist_attraction", "point_of_interest"]],
  ["sandridge-bridge", "Sandridge Bridge", "Sandridge Bridge, Melbourne", -37.8195, 144.9625, ["landmark", "point_of_interest"]],
  ["flagstaff-gardens", "Flagstaff Gardens", "William St, West Melbourne", -37.8107, 144.9545, ["park"]],
  ["birrarung-marr", "Birrarung Marr", "Batman Ave, Melbourne", -37.8183, 144.9733, ["park", "tourist_attraction"]],
  ["southern-cross-station", "Southern Cross Station", "Spencer St, Melbourne", ...SOUTHERN_CROSS, ["landmark", "point_of_interest"]],
  // Spring Street and East Melbourne (3002)
  ["parliament-house", "Parliament House Victoria", "Spring St, East Melbourne", -37.8111, 144.9735, ["landmark", "tourist_attraction", "point_of_interest"]],
  ["parliament-gardens", "Parliament Gardens", "Spring St, East Melbourne", -37.81, 144.9745, ["park"]],
  ["princess-theatre", "Princess Theatre", "163 Spring St, Melbourne", -37.8108, 144.9723, ["landmark", "point_of_interest"]],
  ["hotel-windsor", "The Hotel Windsor", "111 Spring St, Melbourne", -37.8119, 144.973, ["landmark", "point_of_interest"]],
  ["old-treasury-building", "Old Treasury Building", "20 Spring St, Melbourne", -37.8133, 144.9743, ["museum", "landmark", "tourist_attraction"]],
  ["treasury-gardens", "Treasury Gardens", "Spring St, East Melbourne", -37.8143, 144.976, ["park"]],
  ["fitzroy-gardens", "Fitzroy Gardens", "Wellington Pde, East Melbourne", -37.8136, 144.9802, ["park", "tourist_attraction"]],
  ["cooks-cottage", "Cooks' Cottage", "Fitzroy Gardens, Wellington Pde, East Melbourne", -37.8145, 144.9794, ["museum", "tourist_attraction", "landmark"]],
  ["st-patricks-cathedral", "St Patrick's Cathedral", "1 Cathedral Pl, East Melbourne", -37.81, 144.9763, ["landmark", "tourist_attraction", "point_of_interest"]],
  ["fire-services-museum", "Fire Services Museum Victoria", "39 Gisborne St, East Melbourne", -37.8087, 144.9757, ["museum"]],
  // Melbourne Park and Richmond (3002, 3121)
  ["yarra-park", "Yarra Park", "Brunton Ave, East Melbourne", -37.817, 144.983, ["park"]],
  ["mcg", "Melbourne Cricket Ground (MCG)", "Brunton Ave, Richmond", -37.82, 144.9834, ["landmark", "tourist_attraction", "point_of_interest"]],
  ["australian-sports-museum", "Australian Sports Museum", "MCG Gate 3, Brunton Ave, Richmond", -37.8195, 144.9845, ["museum", "tourist_attraction"]],
  ["rod-laver-arena", "Rod Laver Arena", "Olympic Blvd, Melbourne", -37.8216, 144.9784, ["landmark", "point_of_interest"]],
  ["aami-park", "AAMI Park", "Olympic Blvd, Melbourne", -37.8251, 144.9837, ["point_of_interest"]],
  // Southbank and the Domain (3006, 3004)
  ["southbank-promenade", "Southbank Promenade", "Southbank Promenade, Southbank", -37.8203, 144.964, ["tourist_attraction", "point_of_interest"]],
  ["southgate", "Southgate", "3 Southgate Ave, Southbank", -37.8202, 144.966, ["point_of_interest"]],
  ["princes-bridge", "Princes Bridge", "St Kilda Rd, Melbourne", -37.8192, 144.9686, ["landmark", "point_of_interest"]],
  ["eureka-skydeck", "Melbourne Skydeck (Eureka Tower)", "7 Riverside Quay, Southbank", -37.8214, 144.9646, ["tourist_attraction", "landmark", "point_of_interest"]],
  ["hamer-hall", "Hamer Hall", "100 St Kilda Rd, Southbank", -37.8199, 144.9679, ["landmark", "point_of_interest"]],
  ["arts-centre-melbourne", "Arts Centre Melbourne", "100 St Kilda Rd, Southbank", -37.821, 144.9687, ["landmark", "tourist_attraction", "point_of_interest"]],
  ["ngv-international", "NGV International", "180 St Kilda Rd, Melbourne", -37.8226, 144.9689, ["art_gallery", "museum", "tourist_attraction"]],
  ["melbourne-recital-centre", "Melbourne Recital Centre", "31 Sturt St, Southbank", -37.8245, 144.9681, ["landmark", "point_of_interest"]],
  ["acca", "Australian Centre for Contemporary Art", "111 Sturt St, Southbank", -37.8263, 144.9665, ["art_gallery"]],
  ["crown-melbourne", "Crown Melbourne", "8 Whiteman St, Southbank", -37.8235, 144.958, ["tourist_attraction", "point_of_interest"]],
  ["polly-woodside", "Polly Woodside", "2A Clarendon St, South Wharf", -37.8245, 144.9534, ["museum", "tourist_attraction"]],
  ["mcec", "Melbourne Convention and Exhibition Centre", "1 Convention Centre Pl, South Wharf", -37.8253, 144.9545, ["point_of_interest"]],
  ["queen-victoria-gardens", "Queen Victoria Gardens", "St Kilda Rd, Melbourne", -37.8215, 144.9718, ["park"]],
  ["alexandra-gardens", "Alexandra Gardens", "Alexandra Ave, Melbourne", -37.8203, 144.9737, ["park"]],
  ["sidney-myer-music-bowl", "Sidney Myer Music Bowl", "Linlithgow Ave, Melbourne", -37.8237, 144.973, ["landmark", "point_of_interest"]],
  ["kings-domain", "Kings Domain", "Linlithgow Ave, Melbourne", -37.8261, 144.9745, ["park"]],
  ["shrine-of-remembrance", "Shrine of Remembrance", "Birdwood Ave, Melbourne", -37.8305, 144.9734, ["landmark", "museum", "tourist_attraction"]],
  ["royal-botanic-gardens", "Royal Botanic Gardens Victoria", "Birdwood Ave, South Yarra", -37.8304, 144.9796, ["park", "tourist_attraction"]],
  // Docklands (3008)
  ["marvel-stadium", "Marvel Stadium", "740 Bourke St, Docklands", -37.8165, 144.9475, ["landmark", "point_of_interest"]],
  ["central-pier", "Central Pier", "161 Harbour Esplanade, Docklands", -37.816, 144.9443, ["point_of_interest"]],
  ["docklands-library", "Library at The Dock", "107 Victoria Harbour Promenade, Docklands", -37.8192, 144.9411, ["point_of_interest", "landmark"]],
  // Carlton and Parkville (3053, 3052)
  ["trades-hall", "Victorian Trades Hall", "54 Victoria St, Carlton South", -37.8057, 144.965, ["landmark", "point_of_interest"]],
  ["melbourne-museum", "Melbourne Museum", "11 Nicholson St, Carlton", -37.8033, 144.9717, ["museum", "tourist_attraction"]],
  ["royal-exhibition-building", "Royal Exhibition Building", "9 Nicholson St, Carlton", -37.8047, 144.9717, ["landmark", "tourist_attraction", "point_of_interest"]],
  ["carlton-gardens", "Carlton Gardens", "Nicholson St, Carlton", -37.8062, 144.9705, ["park"]],
  ["argyle-square", "Argyle Square", "Lygon St & Argyle Pl, Carlton", -37.8022, 144.9655, ["park"]],
  ["lincoln-square", "Lincoln Square", "Swanston St, Carlton", -37.8027, 144.9625, ["park"]],
  ["lygon-street", "Lygon Street", "Lygon St, Carlton", -37.7985, 144.9668, ["tourist_attraction", "point_of_interest"]],
  ["university-of-melbourne", "University of Melbourne", "Grattan St, Parkville", -37.7983, 144.961, ["point_of_interest", "landmark"]],
  ["ian-potter-museum", "Ian Potter Museum of Art", "Swanston St, Parkville", -37.7975, 144.9638, ["art_gallery", "museum"]],
  ["royal-park", "Royal Park", "Royal Park, Parkville", -37.788, 144.953, ["park"]],
  ["melbourne-zoo", "Melbourne Zoo", "Elliott Ave, Parkville", -37.7841, 144.9515, ["tourist_attraction", "point_of_interest"]],
  // Fitzroy, Collingwood and Abbotsford (3065, 3066, 3067)
  ["brunswick-street", "Brunswick Street", "Brunswick St, Fitzroy", -37.7986, 144.9784, ["tourist_attraction", "point_of_interest"]],
  ["gertrude-street", "Gertrude Street", "Gertrude St, Fitzroy", -37.8058, 144.981, ["point_of_interest"]],
  ["smith-street", "Smith Street", "Smith St, Collingwood", -37.801, 144.9833, ["point_of_interest"]],
  ["edinburgh-gardens", "Edinburgh Gardens", "Alfred Cres, Fitzroy North", -37.7867, 144.981, ["park"]],
  ["abbotsford-convent", "Abbotsford Convent", "1 St Heliers St, Abbotsford", -37.8022, 145.0044, ["tourist_attraction", "landmark"]],
  ["collingwood-childrens-farm", "Collingwood Children's Farm", "18 St Heliers St, Abbotsford", -37.804, 145.0065, ["tourist_attraction", "park"]],
  // South Yarra, Prahran, Albert Park and South Melbourne (3141, 3181, 3206, 3205)
  ["fawkner-park", "Fawkner Park", "Commercial Rd, South Yarra", -37.8409, 144.9808, ["park"]],
  ["chapel-street", "Chapel Street", "Chapel St, South Yarra", -37.847, 144.993, ["tourist_attraction", "point_of_interest"]],
  ["prahran-market", "Prahran Market", "163 Commercial Rd, South Yarra", -37.8457, 144.9908, ["point_of_interest", "tourist_attraction"]],
  ["como-house", "Como House and Garden", "Williams Rd & Lechlade Ave, South Yarra", -37.8384, 145.0031, ["museum", "tourist_attraction"]],
  ["albert-park-lake", "Albert Park Lake", "Lakeside Dr, Albert Park", -37.845, 144.97, ["park"]],
  ["msac", "Melbourne Sports and Aquatic Centre", "Aughtie Dr, Albert Park", -37.8425, 144.9615, ["point_of_interest"]],
  ["south-melbourne-market", "South Melbourne Market", "322-326 Coventry St, South Melbourne", -37.8327, 144.9567, ["point_of_interest", "tourist_attraction"]],
  // St Kilda (3182)
  ["catani-gardens", "Catani Gardens", "Jacka Blvd, St Kilda", -37.8618, 144.9735, ["park"]],
  ["st-kilda-pier", "St Kilda Pier", "Pier Rd, St Kilda", -37.864, 144.971, ["tourist_attraction", "landmark"]],
  ["st-kilda-beach", "St Kilda Beach", "Jacka Blvd, St Kilda", -37.8676, 144.974, ["tourist_attraction", "park"]],
  ["luna-park", "Luna Park Melbourne", "18 Lower Esplanade, St Kilda", -37.8677, 144.9767, ["tourist_attraction", "landmark"]],
  ["palais-theatre", "Palais Theatre", "Lower Esplanade, St Kilda", -37.8685, 144.9751, ["landmark", "point_of_interest"]],
  ["acland-street", "Acland Street", "Acland St, St Kilda", -37.8683, 144.9802, ["tourist_attraction", "point_of_interest"]],
  ["st-kilda-botanical-gardens", "St Kilda Botanical Gardens", "Blessington St, St Kilda", -37.868, 144.9835, ["park"]],
];

/** Curated places of interest in Melbourne's CBD and inner suburbs, for offline nearby search. */
export const MELBOURNE_PLACES: readonly CuratedPlace[] = ROWS.map(([slug, name, vicinity, lat, lng, types]) => ({
  id: `mel:${slug}`,
  name,
  vicinity,
  types,
  location: { lat, lng },
}));

/** What a destination is; suggestions show it. */
export type DestinationKind = "campus" | "hospital" | "station";

/** A place renters move to be near (a campus, a hospital, a station): location search keeps rooms within a radius of it. */
export interface Destination {
  /** Stable slug for URLs, e.g. "rmit-city". */
  slug: string;
  /** Short name for "… walk to RMIT City". */
  name: string;
  /** Full name and street for a suggestion list. */
  label: string;
  kind: DestinationKind;
  location: LatLng;
  /** Other words renters type for it ("RMIT", "Melbourne Uni"). */
  aliases: readonly string[];
}

type DestinationRow = [
  slug: string,
  name: string,
  label: string,
  kind: DestinationKind,
  lat: number,
  lng: number,
  aliases?: string[],
];

// Campuses, major hospitals and the CBD's stations, at the main entrance or the middle of the site
// (WGS84, within about 100 m).
// prettier-ignore
const DESTINATION_ROWS: DestinationRow[] = [
  // University campuses
  ["unimelb-parkville", "University of Melbourne Parkville", "University of Melbourne, Parkville campus, Grattan St, Parkville", "campus", -37.7975, 144.961, ["Melbourne Uni", "Unimelb"]],
  ["unimelb-southbank", "University of Melbourne Southbank", "University of Melbourne, Southbank campus, 234 St Kilda Rd, Southbank", "campus", -37.8254, 144.9697, ["Melbourne Uni", "Unimelb", "VCA"]],
  ["rmit-city", "RMIT City", "RMIT University, City campus, 124 La Trobe St, Melbourne", "campus", -37.808, 144.9635, ["RMIT University"]],
  ["rmit-brunswick", "RMIT Brunswick", "RMIT University, Brunswick campus, 25 Dawson St, Brunswick", "campus", -37.7677, 144.9578, ["RMIT University"]],
  ["monash-clayton", "Monash Clayton", "Monash University, Clayton campus, Wellington Rd, Clayton", "campus", -37.911, 145.134, ["Monash University"]],
  ["monash-caulfield", "Monash Caulfield", "Monash University, Caulfield campus, 900 Dandenong Rd, Caulfield East", "campus", -37.8768, 145.0446, ["Monash University"]],
  ["monash-parkville", "Monash Parkville", "Monash University, Parkville campus, 381 Royal Pde, Parkville", "campus", -37.7843, 144.9588, ["Monash University", "Monash Pharmacy"]],
  ["deakin-burwood", "Deakin Burwood", "Deakin University, Melbourne Burwood campus, 221 Burwood Hwy, Burwood", "campus", -37.8472, 145.115, ["Deakin University"]],
  ["swinburne-hawthorn", "Swinburne Hawthorn", "Swinburne University of Technology, Hawthorn campus, John St, Hawthorn", "campus", -37.8222, 145.039, ["Swinburne University"]],
  ["latrobe-bundoora", "La Trobe Bundoora", "La Trobe University, Melbourne (Bundoora) campus, Plenty Rd, Bundoora", "campus", -37.7211, 145.0482, ["La Trobe University", "Latrobe"]],
  ["vu-footscray-park", "VU Footscray Park", "Victoria University, Footscray Park campus, Ballarat Rd, Footscray", "campus", -37.7937, 144.8985, ["Victoria University"]],
  ["acu-melbourne", "ACU Melbourne", "Australian Catholic University, Melbourne campus, 115 Victoria Pde, Fitzroy", "campus", -37.8071, 144.9769, ["Australian Catholic University", "ACU Fitzroy"]],
  // Major hospitals
  ["royal-melbourne-hospital", "Royal Melbourne Hospital", "Royal Melbourne Hospital, 300 Grattan St, Parkville", "hospital", -37.799, 144.9559, ["RMH"]],
  ["the-alfred", "The Alfred", "The Alfred hospital, 55 Commercial Rd, Melbourne", "hospital", -37.8456, 144.9823, ["Alfred Hospital"]],
  ["st-vincents-melbourne", "St Vincent's Hospital", "St Vincent's Hospital Melbourne, 41 Victoria Pde, Fitzroy", "hospital", -37.8075, 144.975, ["St Vincents"]],
  ["austin-hospital", "Austin Hospital", "Austin Hospital, 145 Studley Rd, Heidelberg", "hospital", -37.7562, 145.059, ["Austin Health"]],
  ["monash-medical-centre", "Monash Medical Centre", "Monash Medical Centre, 246 Clayton Rd, Clayton", "hospital", -37.9207, 145.1231, ["Monash Health", "MMC Clayton"]],
  ["royal-childrens-hospital", "Royal Children's Hospital", "Royal Children's Hospital, 50 Flemington Rd, Parkville", "hospital", -37.7934, 144.9502, ["RCH", "Childrens Hospital"]],
  ["royal-womens-hospital", "Royal Women's Hospital", "Royal Women's Hospital, 20 Flemington Rd, Parkville", "hospital", -37.7983, 144.9543, ["Womens Hospital"]],
  ["peter-mac", "Peter MacCallum Cancer Centre", "Peter MacCallum Cancer Centre, 305 Grattan St, Melbourne", "hospital", -37.7999, 144.9574, ["Peter Mac"]],
  ["western-hospital-footscray", "Western Hospital Footscray", "Footscray Hospital (Western Health), Gordon St, Footscray", "hospital", -37.792, 144.8876, ["Western Health", "Footscray Hospital"]],
  ["box-hill-hospital", "Box Hill Hospital", "Box Hill Hospital, 8 Arnold St, Box Hill", "hospital", -37.8136, 145.1186, ["Eastern Health"]],
  ["northern-hospital-epping", "Northern Hospital Epping", "The Northern Hospital, 185 Cooper St, Epping", "hospital", -37.6514, 145.015, ["Northern Health"]],
  ["sunshine-hospital", "Sunshine Hospital", "Sunshine Hospital, 176 Furlong Rd, St Albans", "hospital", -37.7606, 144.8139, ["Western Health"]],
  // The CBD's railway stations (the City Loop and its neighbours)
  ["flinders-street-station", "Flinders Street Station", "Flinders Street Station, Flinders St, Melbourne", "station", ...FLINDERS_STREET],
  ["southern-cross-station", "Southern Cross Station", "Southern Cross Station, Spencer St, Melbourne", "station", ...SOUTHERN_CROSS],
  ["melbourne-central-station", "Melbourne Central Station", "Melbourne Central Station, La Trobe St & Swanston St, Melbourne", "station", -37.81, 144.9627],
  ["flagstaff-station", "Flagstaff Station", "Flagstaff Station, La Trobe St & William St, Melbourne", "station", -37.8119, 144.9563],
  ["parliament-station", "Parliament Station", "Parliament Station, Spring St, Melbourne", "station", -37.8111, 144.9728],
  ["richmond-station", "Richmond Station", "Richmond Station, Swan St, Richmond", "station", -37.824, 144.9903],
  ["north-melbourne-station", "North Melbourne Station", "North Melbourne Station, Adderley St, West Melbourne", "station", -37.8075, 144.942],
  ["jolimont-station", "Jolimont Station", "Jolimont Station, Wellington Pde, East Melbourne", "station", -37.8166, 144.9842, ["Jolimont-MCG"]],
];

/** Campuses, major hospitals and CBD stations: the "where" places a renter can search around. */
export const MELBOURNE_DESTINATIONS: readonly Destination[] = DESTINATION_ROWS.map(
  ([slug, name, label, kind, lat, lng, aliases = []]) => ({ slug, name, label, kind, location: { lat, lng }, aliases }),
);
