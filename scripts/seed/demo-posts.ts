/**
 * Demo blog, news and press posts: at least 8 published posts across the three types
 * and 2 drafts. Content is clean, semantic HTML (h2, p, ul/li, strong, blockquote, https links).
 * Blog and news dates are derived from `now`; press releases carry fixed 2024 dates, as the
 * spec says every press release is dated 2024.
 */
export interface DemoPost {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featuredImage: string | null;
  status: "draft" | "published";
  type: "blog" | "news" | "press";
  createdAt: Date;
  publishedAt: Date | null;
}

const DAY = 24 * 60 * 60 * 1000;

interface PostText {
  title: string;
  slug: string;
  excerpt: string;
  featuredImage: string | null;
  type: DemoPost["type"];
  content: string;
}

/** Joins lines of markup without the indentation of the source. */
const html = (...lines: string[]) => lines.join("\n");

const SUBURB_GUIDE: PostText = {
  title: "How to choose a suburb for a 6-month stay in Melbourne",
  slug: "how-to-choose-a-suburb-for-a-6-month-stay",
  excerpt:
    "Six months is long enough to want a neighbourhood that feels like home, and short enough that the commute matters more than the school zone. Here's how to narrow down Melbourne's inner suburbs.",
  featuredImage: "/demo/blog/blog-terraces.webp",
  type: "blog",
  content: html(
    "<p>Six months is an awkward length of time. It's long enough that you want a neighbourhood that feels like home, with a café that knows your order and a park for Sunday mornings, but short enough that you won't be joining the local footy club committee. When we help people find a furnished room for a mid-term stay, the same few questions come up every time. Here they are, with our honest take on Melbourne's inner suburbs.</p>",
    "<h2>Start with where you'll spend your weekdays</h2>",
    "<p>The single biggest factor in how much you enjoy a mid-term stay is your daily commute. Melbourne's inner suburbs are close together, but a 10-minute tram ride and a 35-minute tram ride with a change feel very different by the third month.</p>",
    "<ul>",
    "<li><strong>Working in the CBD or Docklands?</strong> Living in the city itself, Southbank or North Melbourne means you can walk, and the free tram zone covers most of the central city.</li>",
    "<li><strong>Studying at the University of Melbourne or RMIT?</strong> Carlton, Parkville and North Melbourne put you within walking distance of campus.</li>",
    "<li><strong>Working at one of the hospitals in Parkville or Fitzroy?</strong> Look at Carlton, Fitzroy, Collingwood and East Melbourne for shift-friendly walking commutes.</li>",
    "<li><strong>Working in Cremorne or Richmond?</strong> South Yarra, Prahran and Abbotsford are a short train or bike ride away.</li>",
    "</ul>",
    "<h2>Decide how much noise you want</h2>",
    "<p>Fitzroy, Collingwood and St Kilda are wonderful if you want bars, live music and late-night food within a block of home. They are less wonderful if you have an early start and your bedroom faces the street. East Melbourne, Parkville and parts of Carlton are noticeably quieter, with leafy streets and grand old terraces. When you look at a listing, check which way the bedroom faces and ask the landlord what the street is like on a Friday night.</p>",
    "<h2>Think about the seasons you'll be here for</h2>",
    "<p>A stay from October to March is a very different experience from one running April to September. In summer, being near the bay in St Kilda or the river in Southbank is a joy. In winter, you'll appreciate a north-facing room, a good heater and a short walk to the tram stop. Apartments in newer towers tend to hold their warmth well, while Victorian terraces have character but can be chilly; ask what heating is provided.</p>",
    "<h2>Be realistic about budget</h2>",
    "<p>Room prices in the inner suburbs vary a lot. As a rough pattern, rooms in towers with views, pools and concierge services in Southbank and the CBD sit at the top of the range, while share houses in Brunswick, North Melbourne and West Melbourne are usually the most affordable. Check whether bills are included before comparing prices; an extra $20 to $30 a week for utilities adds up over six months.</p>",
    "<blockquote><p>Pick the commute first, the vibe second and the view third. Almost everyone who does it the other way round regrets it by month two.</p></blockquote>",
    "<h2>Visit before you sign, if you can</h2>",
    "<p>If you're already in Melbourne, spend an hour walking around a suburb at the time of day you'd normally be coming home. If you're moving from interstate or overseas, ask the landlord for a video call walk-through and look up the nearest tram or train stop on the <a href=\"https://www.ptv.vic.gov.au\">Public Transport Victoria</a> journey planner. Then browse the furnished rooms on Laneway Rooms, filter by your move-in date and budget, and save a few favourites to compare.</p>",
  ),
};

const BOND_GUIDE: PostText = {
  title: "What bond and rental laws in Victoria mean for room renters",
  slug: "bond-and-rental-laws-in-victoria-for-room-renters",
  excerpt:
    "Renting a room rather than a whole property? The rules can look different depending on your arrangement. Here is a plain-English overview of bonds, agreements and where to get reliable advice.",
  featuredImage: "/demo/blog/blog-desk.webp",
  type: "blog",
  content: html(
    '<p>Renting a furnished room is often simpler than renting a whole property, but it still comes with legal rights and responsibilities. This article is a general overview to help you ask the right questions. It is not legal advice, and the rules do change, so always check the current information from <a href="https://www.consumer.vic.gov.au/housing/renting">Consumer Affairs Victoria</a> before you sign anything.</p>',
    "<h2>First, work out what kind of arrangement you have</h2>",
    "<p>In Victoria, the rules that apply depend on how you rent. The main possibilities for room renters are:</p>",
    "<ul>",
    "<li><strong>A residential rental agreement</strong> with the property owner or their agent, for your room or for the property shared with others.</li>",
    "<li><strong>A rooming house arrangement</strong>, where several unrelated people rent rooms in the same building under separate agreements. Rooming houses must be registered with the local council and have their own minimum standards.</li>",
    "<li><strong>Living with the owner as a lodger</strong>. If the owner lives in the property with you, the Residential Tenancies Act may not apply in the same way, and your rights are set mainly by your agreement with them.</li>",
    "</ul>",
    "<p>If you are unsure which one describes your situation, ask the landlord directly and check the Consumer Affairs Victoria website, which explains each type.</p>",
    "<h2>Bonds: what to expect</h2>",
    "<p>A bond is money you pay at the start of a rental as security. For arrangements covered by the Residential Tenancies Act, the bond must be lodged with the Residential Tenancies Bond Authority (RTBA), not kept by the landlord. You should receive confirmation from the RTBA once your bond has been lodged. If you do not, follow it up.</p>",
    "<p>There are limits on how much bond can be asked for in most cases, and rules about how much rent can be requested in advance. Check the current limits with Consumer Affairs Victoria rather than relying on what a friend paid a few years ago.</p>",
    "<h2>The condition report is your best friend</h2>",
    "<p>Before you move in, you should receive a condition report describing the state of the room and any shared areas. Go through it carefully, take dated photos, note anything that is damaged or worn, and return your copy within the time allowed. At the end of your stay, this report is what protects you if there is a disagreement about getting your bond back.</p>",
    "<blockquote><p>Photograph everything on day one, including the inside of the wardrobe and the underside of the mattress. It takes ten minutes and can save you weeks of back and forth.</p></blockquote>",
    "<h2>Minimum standards and repairs</h2>",
    "<p>Victorian rental properties covered by the Act must meet minimum standards, which cover things like locks, heating in the main living area, a working kitchen and bathroom, and ventilation. If something breaks, report it in writing and keep a copy. Urgent repairs, such as a burst water service or a dangerous electrical fault, have their own process.</p>",
    "<h2>Where to get help</h2>",
    '<p>Consumer Affairs Victoria provides free information about renting rights and responsibilities and can help with some disputes. <a href="https://tenantsvic.org.au">Tenants Victoria</a> offers advice to renters, and the <a href="https://www.vcat.vic.gov.au">Victorian Civil and Administrative Tribunal (VCAT)</a> hears rental disputes that cannot be resolved otherwise. If a landlord on Laneway Rooms is not following the rules, please let our team know through the contact page as well.</p>',
  ),
};

const FIRST_TWO_WEEKS: PostText = {
  title: "Moving to Melbourne for work: your first two weeks",
  slug: "moving-to-melbourne-for-work-your-first-two-weeks",
  excerpt:
    "Relocating for a contract or a secondment? A practical checklist for your first fortnight in Melbourne, from getting a myki to finding your local.",
  featuredImage: "/demo/blog/blog-moving-day.webp",
  type: "blog",
  content: html(
    "<p>Every month we welcome people arriving in Melbourne for a contract, a secondment, a hospital rotation or a semester abroad. Most of them have the same to-do list, and most of them wish someone had handed it to them on day one. So here it is.</p>",
    "<h2>Days 1 to 3: the essentials</h2>",
    "<ul>",
    "<li><strong>Get a myki.</strong> Melbourne's trams, trains and buses use the myki card, and you can also tap on with a phone or bank card on many services. Check the options on the <a href=\"https://www.ptv.vic.gov.au\">PTV website</a>. Remember that trams inside the free tram zone in the city centre don't need a fare.</li>",
    "<li><strong>Sort out a local SIM or eSIM</strong> if you're arriving from overseas. Most providers have stores in the CBD.</li>",
    "<li><strong>Walk your commute.</strong> Do the trip to work or campus once before your first day, at the time you'll actually travel.</li>",
    "<li><strong>Read your condition report</strong> and photograph the room before you unpack. It's much easier with empty drawers.</li>",
    "</ul>",
    "<h2>Days 4 to 7: settle into the house</h2>",
    "<p>If you're in a share house, have a short, friendly chat with your housemates about the basics: how bills are split if they are not included, where the cleaning products live, whether there is a roster, and how everyone feels about guests. It feels awkward for about thirty seconds and prevents most of the awkwardness later.</p>",
    "<p>Then find your essentials: the nearest supermarket, a pharmacy, a GP clinic that takes new patients, and the closest green space. In the inner suburbs you are rarely more than a ten-minute walk from all four.</p>",
    "<h2>Week two: make it feel like home</h2>",
    "<p>A furnished room has everything you need, but a few small things make it yours. A plant, a favourite mug, a decent reading lamp and your own pillow go a long way. If you plan to stay for six months or more, a library card is free and the City of Melbourne libraries run events most weeks.</p>",
    "<blockquote><p>The people who settle in fastest are the ones who pick one café, one walk and one weekly thing, and stick to them for a month.</p></blockquote>",
    "<h2>Things people forget</h2>",
    "<ul>",
    "<li>Melbourne weather changes quickly. Keep a light jacket and a compact umbrella in your bag, whatever the forecast says.</li>",
    "<li>Update your address with your bank and employer so important mail doesn't go astray.</li>",
    "<li>Save your landlord's contact details and the process for reporting urgent repairs.</li>",
    "<li>Check when your lease ends and put a reminder in your calendar a month before, whether you plan to extend or move on.</li>",
    "</ul>",
    "<p>Still looking for a place to land? Browse furnished rooms with flexible leases of 3 to 12 months on Laneway Rooms, and filter by the date you arrive.</p>",
  ),
};

const GETTING_AROUND: PostText = {
  title: "Getting around without a car: trams, trains and bikes in inner Melbourne",
  slug: "getting-around-inner-melbourne-without-a-car",
  excerpt:
    "Most of our renters never need a car. Here's how to get around Melbourne's inner suburbs by tram, train, bike and on foot.",
  featuredImage: "/demo/blog/blog-tram.webp",
  type: "blog",
  content: html(
    "<p>One of the best things about renting in Melbourne's CBD and inner suburbs is that you can comfortably live without a car. Many of the rooms on Laneway Rooms are within a few minutes' walk of a tram stop or train station, and some landlords don't even offer parking because nobody asks for it.</p>",
    "<h2>Trams: the backbone of the inner city</h2>",
    "<p>Melbourne has one of the largest tram networks in the world, and the inner suburbs are criss-crossed by routes. Trams run along Swanston, Elizabeth, Collins and Bourke streets in the city, and out along Brunswick Street, Smith Street, Sydney Road, Chapel Street and St Kilda Road. In the city centre, the <strong>free tram zone</strong> means short trips cost nothing at all.</p>",
    "<p>A tip from long-time locals: if your listing is near a tram route that goes straight to where you work, that single fact will matter more than almost any feature of the room.</p>",
    "<h2>Trains for longer hops</h2>",
    '<p>The City Loop connects Flinders Street, Southern Cross, Flagstaff, Melbourne Central and Parliament stations, and lines head out through Richmond, North Melbourne and Jolimont. If you live in Richmond, Cremorne, South Yarra or Prahran, a train can get you into the city in minutes. The <a href="https://www.ptv.vic.gov.au">PTV journey planner</a> shows live departures and disruptions.</p>',
    "<h2>Bikes and scooters</h2>",
    "<p>Inner Melbourne is mostly flat, and there's a growing network of separated bike lanes. The Capital City Trail, the Yarra trail and the Upfield path are popular commuter routes. If you bring a bike, look for listings that mention secure bike storage, and always lock it to something solid.</p>",
    "<ul>",
    "<li>Brunswick and Carlton to the city: about 15 to 20 minutes by bike.</li>",
    "<li>Abbotsford and Collingwood to the city: about 15 minutes.</li>",
    "<li>St Kilda to the city along St Kilda Road: about 20 minutes.</li>",
    "</ul>",
    "<h2>Walking is underrated</h2>",
    "<p>The CBD grid, Southbank and the inner north are very walkable. From Carlton you can stroll through the Carlton Gardens into the city; from East Melbourne, the walk through the Fitzroy Gardens is one of the nicest commutes anywhere.</p>",
    "<blockquote><p>Our favourite filter isn't on the search page: find the tram stop first, then look for rooms within five minutes of it.</p></blockquote>",
    "<h2>When you do need a car</h2>",
    "<p>For the occasional trip to the Dandenongs or the Great Ocean Road, car share services and rentals are easy to find in the inner suburbs. A handful of our listings include off-street parking if you really need it; search for <strong>parking</strong> in the keyword box.</p>",
  ),
};

const SHARE_HOUSE: PostText = {
  title: "Living in a share house: setting expectations with housemates",
  slug: "living-in-a-share-house-setting-expectations",
  excerpt:
    "A good share house is one of the best ways to land in a new city. A few honest conversations in the first week make all the difference.",
  featuredImage: null,
  type: "blog",
  content: html(
    "<p>Most furnished rooms on Laneway Rooms are in shared homes: an apartment with one other person, a terrace with three housemates, or a warehouse with a rooftop and a rotating cast of creatives. Sharing is a great way to meet people in a new city and keep your rent down. It works best when everyone knows what to expect.</p>",
    "<h2>Before you sign: ask about the household</h2>",
    "<p>Landlords on our platform describe who already lives in the home. Read that part of the listing closely, then ask a few more questions:</p>",
    "<ul>",
    "<li>What do the current housemates do, and what hours do they keep?</li>",
    "<li>Is there a cleaning roster, a shared cleaner, or an informal arrangement?</li>",
    "<li>Are bills included in the rent, or split between housemates? If split, how?</li>",
    "<li>How does the house feel about guests staying over?</li>",
    "<li>Are there pets, or is the home pet-friendly if you have one?</li>",
    "</ul>",
    "<h2>The first-week conversation</h2>",
    "<p>In your first week, suggest a quick chat over a cup of tea. Keep it light and practical. Cover the kitchen (shelves, shared staples, who washes what), the bathroom schedule in the morning, noise after 10pm on weeknights, and how to raise small issues before they become big ones.</p>",
    "<blockquote><p>The best share houses we know have one simple rule: if something bothers you, mention it within a day, kindly, and in person.</p></blockquote>",
    "<h2>Money matters</h2>",
    "<p>If bills are not included, agree how they will be split and how everyone will pay. A shared note or a simple spreadsheet avoids confusion. Keep records of what you have paid, especially if you are only staying for a few months and need to settle up when you leave.</p>",
    "<h2>When things go wrong</h2>",
    '<p>Most disagreements are small and easy to solve with a conversation. If something more serious comes up, such as a repair that isn\'t being dealt with or a dispute about your agreement, talk to your landlord first, in writing. For information about your rights, <a href="https://www.consumer.vic.gov.au/housing/renting">Consumer Affairs Victoria</a> and <a href="https://tenantsvic.org.au">Tenants Victoria</a> are good places to start.</p>',
    "<h2>Leaving on good terms</h2>",
    "<p>Mid-term stays end by design. Give your housemates plenty of notice, leave your room as clean as you found it, and return any keys on time. A friendly farewell makes it easier for everyone, and you might find yourself with a couch to sleep on next time you're in town.</p>",
  ),
};

const LANDLORD_CHECKLIST: PostText = {
  title: "A landlord's checklist for furnishing a mid-term room",
  slug: "landlords-checklist-for-furnishing-a-mid-term-room",
  excerpt:
    "Renters on 3 to 12 month leases arrive with a suitcase, not a removal truck. Here's what a well-furnished room needs, and what makes a listing stand out.",
  featuredImage: null,
  type: "blog",
  content: html(
    "<p>Mid-term renters are a great fit for many landlords: professionals on contracts, students between semesters, people relocating and looking for their long-term home. They usually arrive with a suitcase or two, so the room needs to be ready to live in from the first night. Here's the checklist we share with landlords on Laneway Rooms.</p>",
    "<h2>The bedroom</h2>",
    "<ul>",
    "<li><strong>A good bed.</strong> A quality mattress, with a mattress protector, matters more than any other item. A double or queen suits most renters.</li>",
    "<li><strong>Storage.</strong> A wardrobe or hanging rail, plus drawers. Renters on six-month leases bring more than you think.</li>",
    "<li><strong>A desk and a proper chair.</strong> Many renters work or study from home at least part of the week.</li>",
    "<li><strong>Lighting.</strong> A bedside lamp and a desk lamp, not just a ceiling light.</li>",
    "<li><strong>Window coverings</strong> that block light, especially in summer.</li>",
    "<li><strong>Bedding and towels</strong>, or a clear note that renters should bring their own.</li>",
    "</ul>",
    "<h2>Shared spaces</h2>",
    "<p>A well-equipped kitchen saves renters from buying things they'll leave behind: pots, pans, a kettle, a toaster, cutlery, crockery and basic utensils. In the living area, comfortable seating and reliable Wi-Fi are the two things renters mention most in their feedback.</p>",
    "<h2>Meet your obligations</h2>",
    '<p>Rental properties in Victoria must meet minimum standards, and bonds must be lodged with the Residential Tenancies Bond Authority. Make sure your agreement is the right type for your arrangement, and provide a thorough condition report with photos. <a href="https://www.consumer.vic.gov.au/housing/renting">Consumer Affairs Victoria</a> has detailed guidance for rental providers.</p>',
    "<h2>Writing a listing that works</h2>",
    "<p>On Laneway Rooms, the first line of your description appears as the features summary on every listing card, so make it count. Something like <strong>Furnished double room · Private ensuite · Bills included · 5 min to Flinders Street</strong> tells a renter most of what they need in one glance. Then use the following lines for the details: lease lengths, who lives in the home, what's included and how to get around.</p>",
    "<blockquote><p>Listings with clear photos of the bedroom and the shared spaces, an honest description of the household and a specific availability date get noticeably more enquiries.</p></blockquote>",
    "<h2>Photos</h2>",
    "<p>Take photos in daylight with the curtains open, and include the bedroom, kitchen, bathroom and living area. Tidy away personal items. If you don't have photos yet, you can still publish the listing and add them later from your properties page.</p>",
  ),
};

const NEWS_API: PostText = {
  title: "New: API keys for landlords and property managers",
  slug: "new-api-keys-for-landlords-and-property-managers",
  excerpt:
    "Landlords with an active subscription can now create API keys and manage their listings from their own tools.",
  featuredImage: null,
  type: "news",
  content: html(
    "<p>We've heard from property managers who look after dozens of rooms that updating each listing by hand takes too long. Starting today, landlords with an active subscription can create <strong>API keys</strong> from their account settings and manage their listings programmatically.</p>",
    "<h2>What you can do</h2>",
    "<ul>",
    "<li>List all of your properties, including their availability dates and weekly rent.</li>",
    "<li>Update a listing's title, description, rent, availability or status.</li>",
    "<li>Remove a listing that is no longer available.</li>",
    "</ul>",
    "<p>Each key is shown once when you create it, so store it somewhere safe, such as a password manager. You can see when each key was last used and revoke any key at any time from the API keys page in your settings.</p>",
    "<h2>Keeping things secure</h2>",
    "<p>API keys only give access to your own properties. We store keys securely and never show them again after creation, and requests are rate limited to protect the service. If you think a key has been exposed, delete it straight away and create a new one.</p>",
    "<blockquote><p>We built this for the people who manage ten rooms on a Sunday night from a spreadsheet. We hope it gives you a bit of your weekend back.</p></blockquote>",
    "<h2>Getting started</h2>",
    "<p>A few ways landlords are already using it:</p>",
    "<ul>",
    "<li>Keeping availability dates in sync with an existing booking spreadsheet.</li>",
    "<li>Updating the weekly rent across several rooms at the start of a new season.</li>",
    "<li>Marking a room as let the moment a lease is signed, so renters aren't disappointed.</li>",
    "</ul>",
    "<p>Go to <strong>Settings</strong>, open <strong>API Keys</strong>, and choose a name for your first key. The page includes an API reference with examples for each request. Staff and administrators have additional access for managing blog content.</p>",
    "<p>Don't have an active subscription yet? The Professional Plan includes unlimited listings, management tools and API access, and starts with a 14-day free trial. If you have questions, get in touch through our contact page and our team will help you set things up.</p>",
  ),
};

const NEWS_FAVOURITES: PostText = {
  title: "Now live: save your favourite rooms and compare them later",
  slug: "now-live-save-your-favourite-rooms",
  excerpt: "Tap the heart on any listing to save it to your favourites, then compare your shortlist from your account.",
  featuredImage: "/demo/blog/blog-laneway.webp",
  type: "news",
  content: html(
    "<p>Finding the right room usually means looking at a lot of them. Until now, that meant a browser full of tabs or a notes app full of links. Today we're launching <strong>favourites</strong>: tap the heart on any listing card or listing page and it's saved to your account.</p>",
    "<h2>How it works</h2>",
    "<ul>",
    "<li>Sign in or create a free account.</li>",
    "<li>Tap the heart on any listing. It turns red to show it's saved.</li>",
    "<li>Find your shortlist under <strong>Settings</strong>, then <strong>Favorites</strong>.</li>",
    "<li>Tap the heart again to remove a room from your list.</li>",
    "</ul>",
    "<p>Your favourites are private and only visible to you. They follow you across devices, so you can shortlist rooms on your phone during your lunch break and compare them properly on your laptop in the evening.</p>",
    "<h2>Making the most of your shortlist</h2>",
    "<p>When you're comparing rooms for a mid-term stay, look beyond the weekly rent. Check whether bills are included, how long the lease can be, who you'll be living with and how long the commute will take. The features line at the top of each listing gives you a quick summary, and the details below fill in the rest.</p>",
    "<p>Availability changes quickly, especially in the weeks before a new semester starts. If a room on your list is let to someone else, it will stop appearing in search results, so it's worth checking your favourites every few days and getting in touch with landlords early. A short, friendly message that says when you'd like to move in, how long you'd like to stay and a little about yourself goes a long way.</p>",
    "<blockquote><p>Our early testers told us they narrowed twenty listings down to three in a single evening. That's the whole idea.</p></blockquote>",
    "<h2>What's next</h2>",
    "<p>We're working on more ways to help you decide, and we'd love to hear what you'd find useful. Send us your ideas through the contact page. In the meantime, happy hunting, and we hope you find a room you love.</p>",
  ),
};

const PRESS_LAUNCH: PostText = {
  title: "Laneway Rooms launches Professional Plan for Melbourne landlords",
  slug: "laneway-rooms-launches-professional-plan",
  excerpt:
    "Laneway Rooms today announced its Professional Plan, giving landlords unlimited listings, management tools and AI-assisted descriptions for $49.99 a month.",
  featuredImage: "/demo/blog/blog-skyline-river.webp",
  type: "press",
  content: html(
    "<p><strong>Melbourne, Victoria.</strong> Laneway Rooms, the marketplace for furnished rooms on mid-term leases in Melbourne's CBD and inner suburbs, today announced the launch of its Professional Plan for landlords and property managers.</p>",
    "<p>The Professional Plan is priced at $49.99 per month and includes a 14-day free trial. Subscribers can cancel at any time.</p>",
    "<h2>What's included</h2>",
    "<ul>",
    "<li>Unlimited listings and property management tools.</li>",
    "<li>AI-assisted description writing, to help landlords turn a few notes into a clear, complete listing.</li>",
    "<li>AI-assisted photo selection, to help choose the strongest images for each room.</li>",
    "<li>Access to a verified tenant database and automated tenant screening.</li>",
    "<li>Listing analytics and priority support.</li>",
    "</ul>",
    "<h2>Built for mid-term renting</h2>",
    "<p>Demand for furnished rooms on leases of 3 to 12 months has grown as more people relocate for contracts, secondments, study and hospital rotations. These renters need a furnished, ready-to-live-in room close to work or campus, and landlords need tools that make frequent changeovers manageable.</p>",
    "<blockquote><p>Mid-term renting sits between a hotel and a long lease, and it's been underserved for a long time. The Professional Plan gives landlords the tools to do it well, and gives renters better, clearer listings to choose from.</p></blockquote>",
    "<p>The plan is available from the Laneway Rooms home page. Landlords can list their first property within minutes of subscribing.</p>",
    "<p>Every listing on Laneway Rooms shows renters a short features summary, a detailed description, photos, the weekly rent and the date the room is available, along with the room's location and nearby places. The new tools are designed to help landlords fill in each of these quickly and accurately, so renters can compare rooms with confidence.</p>",
    "<h2>About Laneway Rooms</h2>",
    "<p>Laneway Rooms is a Melbourne-based marketplace connecting renters with furnished rooms on flexible leases of 3 to 12 months across the CBD and inner suburbs, with professional management, fully furnished rooms and customer service around the clock.</p>",
    "<h2>Media contact</h2>",
    "<p>For interviews, images and further information, please contact our media team via the press page.</p>",
  ),
};

const PRESS_DOCKLANDS: PostText = {
  title: "Laneway Rooms opens new Docklands headquarters",
  slug: "laneway-rooms-opens-new-docklands-headquarters",
  excerpt: "The growing Melbourne rental marketplace has moved its team into a new waterfront office in Docklands.",
  featuredImage: null,
  type: "press",
  content: html(
    "<p><strong>Melbourne, Victoria.</strong> Laneway Rooms today announced that its team has moved into a new headquarters in Docklands, bringing customer service, property management and product teams together under one roof for the first time.</p>",
    "<p>The new office sits close to Southern Cross Station and the free tram zone, making it easy for staff, landlords and renters to visit. It includes meeting rooms for landlord onboarding sessions and a space for community events for renters.</p>",
    "<h2>Why Docklands</h2>",
    "<p>Many of the furnished rooms listed on Laneway Rooms are in the CBD, Southbank and Docklands, and many of the renters who use the service work nearby. Being on the doorstep of the city means the team can inspect properties, meet landlords and respond to renters quickly.</p>",
    "<blockquote><p>We've always been a Melbourne business. Having everyone in one place, a short walk from the rooms we manage, makes us faster and better at looking after the people who rent with us.</p></blockquote>",
    "<h2>Supporting renters and landlords</h2>",
    "<p>The move supports the services Laneway Rooms provides to landlords, including room rental management, tenant screening, maintenance coordination and rent collection, as well as the benefits renters value: flexible leases of 3 to 12 months, fully furnished rooms, free Wi-Fi, regular cleaning of common areas and support whenever they need it.</p>",
    "<h2>Visiting the office</h2>",
    "<p>Over the coming months, the team will use the new space to host information sessions for landlords who are new to mid-term renting, covering furnishing, listing photos and their obligations as rental providers.</p>",
    "<p>The office is open Monday to Friday from 9am to 5pm and on Saturday from 10am to 2pm. Landlords interested in listing their property, and renters with questions about a listing, can get in touch through the contact page to arrange a time.</p>",
    "<h2>About Laneway Rooms</h2>",
    "<p>Laneway Rooms is a Melbourne-based marketplace for furnished rooms on mid-term leases in the CBD and inner suburbs. It offers renters flexible, ready-to-live-in rooms and gives landlords the tools to list, manage and fill them.</p>",
  ),
};

const DRAFT_STUDENTS: PostText = {
  title: "Studying in Melbourne: renting a room near campus",
  slug: "studying-in-melbourne-renting-near-campus",
  excerpt:
    "Semester-length leases, quiet study spaces and walkable commutes: what students should look for in a furnished room.",
  featuredImage: "/demo/blog/blog-laneway.webp",
  type: "blog",
  content: html(
    "<p>Every semester, thousands of students arrive in Melbourne looking for somewhere to live near the University of Melbourne, RMIT and the city's other campuses. A furnished room on a mid-term lease can be a great fit: you can match your lease to the semester, skip buying furniture, and live within walking distance of your classes.</p>",
    "<h2>Match your lease to your teaching calendar</h2>",
    "<p>Many landlords on Laneway Rooms offer leases from 3 months, which suits a single semester, an exchange or a summer research placement. If you'll stay for a full academic year, ask about a 9 to 12 month lease, which may come with a lower weekly rent.</p>",
    "<h2>Where students tend to live</h2>",
    "<ul>",
    "<li><strong>Carlton and Parkville</strong> for the University of Melbourne, with leafy streets and plenty of cheap eats on Lygon Street.</li>",
    "<li><strong>The CBD and North Melbourne</strong> for RMIT and city campuses, close to the free tram zone.</li>",
    "<li><strong>Brunswick</strong> for a more affordable share house, a short tram or bike ride from campus.</li>",
    "</ul>",
    "<h2>Check the study set-up</h2>",
    "<p>A desk, a decent chair, good light and reliable Wi-Fi are essential. Ask whether internet is included and how the household feels about quiet hours during exam periods.</p>",
    "<h2>Budget for the whole semester</h2>",
    "<p>Add up the weekly rent, any bills that aren't included, transport and food for the full length of your stay, not just the first month. Rooms with bills included are easier to budget for, and living within walking distance of campus can save you a surprising amount on transport. If you are arriving from overseas, allow for a bond and some rent in advance when you plan your first few weeks of spending.</p>",
    "<h2>Know your rights</h2>",
    '<p>Even for a short lease, make sure your bond is lodged properly and you get a condition report. <a href="https://www.consumer.vic.gov.au/housing/renting">Consumer Affairs Victoria</a> explains the rules for renters, and most universities have a student housing service that can help too.</p>',
    "<p>We're still adding to this guide. Tell us what you'd like to see covered.</p>",
  ),
};

const DRAFT_MAP: PostText = {
  title: "Coming soon: explore listings on a map",
  slug: "coming-soon-explore-listings-on-a-map",
  excerpt: "We're building a map view so you can see every room near your tram stop, campus or office at a glance.",
  featuredImage: null,
  type: "news",
  content: html(
    "<p>One of the most common requests we hear from renters is simple: <strong>show me the rooms near where I'll be working</strong>. Our listing pages already show each room's location and nearby places, and now we're working on a full map view for search.</p>",
    "<h2>What we're planning</h2>",
    "<ul>",
    "<li>See every available room on a map of Melbourne's CBD and inner suburbs.</li>",
    "<li>Combine the map with your existing filters for price, availability date and keywords.</li>",
    "<li>Tap a pin to preview the room's features line, weekly rent and photos.</li>",
    "</ul>",
    "<h2>Why it matters</h2>",
    "<p>For a mid-term stay, location is everything. A room that is five minutes from your tram stop can make a six-month contract feel easy, while a long commute can wear you down. A map makes those trade-offs visible at a glance.</p>",
    "<blockquote><p>We want you to be able to find the tram stop first, then the room. The map is the first step.</p></blockquote>",
    "<h2>Help us test it</h2>",
    "<p>We're also thinking carefully about privacy. Pins will show the approximate area of each room rather than an exact front door, and landlords will stay in control of what is shown.</p>",
    "<p>Behind the scenes, the map will use the same search as the listing page, so sorting by newest, by price or by title will work just as you expect, and the results will update as you move around the city. We're testing it on phones first, because that's where most people search for rooms on the go.</p>",
    "<p>We'll be inviting a small group of renters and landlords to try the map before it launches for everyone. If you'd like to be one of them, send us a message through the contact page and tell us how you search for rooms today.</p>",
    "<p>We'll share more details, including screenshots, closer to launch. Thanks for helping us build a better way to find a room in Melbourne.</p>",
  ),
};

/** Published blog and news posts: how many days before `now` each one went live. */
const PUBLISHED: [PostText, number][] = [
  [SUBURB_GUIDE, 9],
  [NEWS_FAVOURITES, 23],
  [BOND_GUIDE, 41],
  [FIRST_TWO_WEEKS, 78],
  [GETTING_AROUND, 126],
  [NEWS_API, 164],
  [SHARE_HOUSE, 203],
  [LANDLORD_CHECKLIST, 296],
];

/** Press releases are all dated 2024 (product spec, Press). */
const PRESS: [PostText, string][] = [
  [PRESS_LAUNCH, "2024-03-12T00:30:00.000Z"],
  [PRESS_DOCKLANDS, "2024-09-03T00:30:00.000Z"],
];

/** Drafts: days before `now` they were started. */
const DRAFTS: [PostText, number][] = [
  [DRAFT_STUDENTS, 6],
  [DRAFT_MAP, 2],
];

export function demoPosts(now: Date): DemoPost[] {
  const daysAgo = (days: number, hour = 0) => new Date(now.getTime() - days * DAY + hour * 60 * 60 * 1000);
  return [
    ...PUBLISHED.map(([post, days]): DemoPost => ({
      ...post,
      status: "published",
      createdAt: daysAgo(days + 3),
      publishedAt: daysAgo(days),
    })),
    ...PRESS.map(([post, date]): DemoPost => {
      const publishedAt = new Date(date);
      return { ...post, status: "published", createdAt: new Date(publishedAt.getTime() - 2 * DAY), publishedAt };
    }),
    ...DRAFTS.map(([post, days]): DemoPost => ({
      ...post,
      status: "draft",
      createdAt: daysAgo(days),
      publishedAt: null,
    })),
  ];
}
