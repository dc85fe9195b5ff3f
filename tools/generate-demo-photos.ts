/**
 * Draws the bundled, licence-clean demo photos: stylised illustrations of furnished rooms
 * (bedrooms, kitchens, lounges, bathrooms, balconies) and a few Melbourne scenes for the blog.
 *
 *   npx tsx tools/generate-demo-photos.ts
 *
 * Every image is an SVG built from a seeded PRNG, so the output is the same on every run; it
 * is rendered with sharp to WebP (rooms: 1200×800 plus 800 and 480 px wide variants; blog:
 * 1200×630 plus a 600×315 variant). The outputs live in public/demo/ and are committed, so seeding
 * the database needs no build step. Room photos are named by their content
 * (`room-01-800.<hash>.webp`, served with a one-year immutable cache) and listed in
 * scripts/seed/demo-photo-files.ts, through which the listing data refers to them by name
 * (scripts/seed/demo-listings.ts).
 *
 * A one-off authoring tool, outside the type-checked app (tsconfig excludes tools/): its output is
 * committed, and nothing in the product imports it.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT_ROOMS = join(ROOT, "public", "demo", "rooms");
const OUT_BLOG = join(ROOT, "public", "demo", "blog");
const ROOM_FILES_MODULE = join(ROOT, "db", "seed", "demo-photo-files.ts");
/** Room photo widths: a phone's card (~380 CSS px at 1.75–2×) gets the 800, within 1.3× of its size. */
const ROOM_WIDTHS = [480, 800] as const;

// ---------------------------------------------------------------------------------------------
// Small utilities: seeded random numbers, colours, an SVG builder
// ---------------------------------------------------------------------------------------------

type Rng = () => number;

/** mulberry32: tiny, fast and good enough for picking shapes. */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rnd = (rng: Rng, a: number, b: number) => a + (b - a) * rng();
const chance = (rng: Rng, p: number) => rng() < p;
function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}
function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
const light = (c: string, t: number) => mix(c, "#ffffff", t);
const dark = (c: string, t: number) => mix(c, "#000000", t);

type Stop = [offset: number, color: string, opacity?: number];

class Svg {
  private defs: string[] = [];
  private parts: string[] = [];
  private counter = 0;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  add(...markup: string[]) {
    this.parts.push(...markup);
  }

  id(prefix: string) {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  def(markup: string) {
    this.defs.push(markup);
  }

  private stops(stops: Stop[]) {
    return stops
      .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`)
      .join("");
  }

  /** A linear gradient in object bounding-box units; returns the fill reference. */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id("lg");
    this.def(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id("rg");
    this.def(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${this.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  clip(shape: string): string {
    const id = this.id("cp");
    this.def(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  toString() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><defs><filter id="soft" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="10"/></filter><filter id="blur4" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="4"/></filter><filter id="glow" x="-100%" y="-100%" width="300%" height="300%"><feGaussianBlur stdDeviation="22"/></filter>${this.defs.join("")}</defs>${this.parts.join("")}</svg>`;
  }
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(Math.max(0, w))}" height="${f(Math.max(0, h))}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const rrect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = "") =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(Math.max(0, w))}" height="${f(Math.max(0, h))}" rx="${f(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = "") =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const poly = (points: [number, number][], fill: string, extra = "") =>
  `<polygon points="${points.map(([x, y]) => `${f(x)},${f(y)}`).join(" ")}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const path = (d: string, fill: string, extra = "") => `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width = 2, extra = "") =>
  `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${f(width)}"${extra ? ` ${extra}` : ""}/>`;
const group = (content: string, attrs: string) => `<g ${attrs}>${content}</g>`;
/** A soft contact shadow under furniture. */
const shadow = (cx: number, cy: number, rx: number, ry: number, opacity = 0.22) =>
  ellipse(cx, cy, rx, ry, "#000000", `opacity="${opacity}" filter="url(#soft)"`);

// ---------------------------------------------------------------------------------------------
// Palettes and skies
// ---------------------------------------------------------------------------------------------

interface Palette {
  wall: string;
  feature: string;
  trim: string;
  floor: string;
  wood: string;
  linen: string;
  fabric: string;
  accent: string;
  accent2: string;
  metal: string;
  rug: string;
  rug2: string;
}

const PALETTES: Palette[] = [
  // sage and oak
  {
    wall: "#e3e8dc",
    feature: "#b7c4ad",
    trim: "#f7f5ef",
    floor: "#c99f72",
    wood: "#a87b51",
    linen: "#f5f1e8",
    fabric: "#8ea58c",
    accent: "#d98c5f",
    accent2: "#e8c07d",
    metal: "#c9a45c",
    rug: "#ebdfca",
    rug2: "#b5704d",
  },
  // terracotta and cream
  {
    wall: "#f2e6d8",
    feature: "#d49c7b",
    trim: "#fbf7f1",
    floor: "#b98b63",
    wood: "#7f5a3c",
    linen: "#fcf8f2",
    fabric: "#c9714f",
    accent: "#2f5d62",
    accent2: "#e7b35a",
    metal: "#2a2a2a",
    rug: "#dcc0a2",
    rug2: "#8c3f2b",
  },
  // navy and brass
  {
    wall: "#e9ebf0",
    feature: "#34446a",
    trim: "#f8f8f6",
    floor: "#a07d5c",
    wood: "#6b4a32",
    linen: "#f6f6f3",
    fabric: "#3d5a80",
    accent: "#e0a458",
    accent2: "#c75b5b",
    metal: "#c9a45c",
    rug: "#d7dae0",
    rug2: "#3d5a80",
  },
  // blush and walnut
  {
    wall: "#f5e6e1",
    feature: "#e0b6ab",
    trim: "#fffaf7",
    floor: "#d3b58f",
    wood: "#a97c5a",
    linen: "#fffaf6",
    fabric: "#d99a8e",
    accent: "#5b7f6a",
    accent2: "#f0c987",
    metal: "#d4af6a",
    rug: "#f0e3d8",
    rug2: "#c98474",
  },
  // charcoal and mustard
  {
    wall: "#dedbd5",
    feature: "#41454b",
    trim: "#f1efeb",
    floor: "#7f5b43",
    wood: "#5a3e2b",
    linen: "#eeede9",
    fabric: "#d6a23e",
    accent: "#3a6b7c",
    accent2: "#b55239",
    metal: "#1f1f1f",
    rug: "#c9c3b8",
    rug2: "#5b5f66",
  },
  // coastal teal
  {
    wall: "#e7f1f0",
    feature: "#86b8b4",
    trim: "#ffffff",
    floor: "#c5a680",
    wood: "#8f6a48",
    linen: "#ffffff",
    fabric: "#3e8a8a",
    accent: "#f2a65a",
    accent2: "#e76f51",
    metal: "#aab2b8",
    rug: "#f1e8d9",
    rug2: "#2a6f6f",
  },
  // warm sand and olive
  {
    wall: "#efe7da",
    feature: "#cdb99b",
    trim: "#faf6ef",
    floor: "#a77d53",
    wood: "#6e4b2f",
    linen: "#f8f2e7",
    fabric: "#7d8b5a",
    accent: "#c5533b",
    accent2: "#e2b35b",
    metal: "#8a8a8a",
    rug: "#dccaa9",
    rug2: "#7a5a3a",
  },
  // lavender grey
  {
    wall: "#eae8f1",
    feature: "#aaa6c6",
    trim: "#fcfcfe",
    floor: "#cab69b",
    wood: "#927456",
    linen: "#fbfbfd",
    fabric: "#6c6a9c",
    accent: "#e3a857",
    accent2: "#5e9c8f",
    metal: "#c9a45c",
    rug: "#e6e2ec",
    rug2: "#6c6a9c",
  },
];

interface Sky {
  top: string;
  bottom: string;
  far: string;
  near: string;
  lit: number;
  windowLit: string;
  windowDark: string;
  sun?: string;
}

const SKIES: Record<"day" | "golden" | "dusk" | "overcast", Sky> = {
  day: {
    top: "#78aedc",
    bottom: "#d5eaf6",
    far: "#b9c9d9",
    near: "#8b9db0",
    lit: 0.05,
    windowLit: "#f4f1d8",
    windowDark: "#a9bfd3",
  },
  golden: {
    top: "#f3a77f",
    bottom: "#fde5b8",
    far: "#d2a7a0",
    near: "#8f6f78",
    lit: 0.25,
    windowLit: "#ffe3a3",
    windowDark: "#b68d8e",
    sun: "#fff2c4",
  },
  dusk: {
    top: "#28396a",
    bottom: "#ea8f6a",
    far: "#5a557a",
    near: "#2c2f4a",
    lit: 0.55,
    windowLit: "#ffd27a",
    windowDark: "#3f4466",
    sun: "#ffcf8a",
  },
  overcast: {
    top: "#aebbc8",
    bottom: "#e4e8eb",
    far: "#a9b4be",
    near: "#7d8996",
    lit: 0.08,
    windowLit: "#f1efe2",
    windowDark: "#9aa8b4",
  },
};
type SkyName = keyof typeof SKIES;

// ---------------------------------------------------------------------------------------------
// Views through a window
// ---------------------------------------------------------------------------------------------

type ViewKind = "skyline" | "laneway" | "leafy";

function skyBackground(s: Svg, x: number, y: number, w: number, h: number, sky: Sky) {
  s.add(
    rect(
      x,
      y,
      w,
      h,
      s.linear([
        [0, sky.top],
        [1, sky.bottom],
      ]),
    ),
  );
}

/** A band of city buildings whose bases sit on `baseY`. */
function buildings(
  s: Svg,
  rng: Rng,
  x: number,
  baseY: number,
  w: number,
  maxH: number,
  sky: Sky,
  opts: { landmarks?: boolean; scale?: number } = {},
) {
  const scale = opts.scale ?? 1;
  // Far layer: flat, hazy silhouettes.
  let cx = x - 20;
  while (cx < x + w) {
    const bw = rnd(rng, 28, 70) * scale;
    const bh = rnd(rng, 0.3, 0.75) * maxH;
    s.add(rect(cx, baseY - bh, bw + 1, bh, sky.far));
    if (chance(rng, 0.25)) s.add(rect(cx + bw * 0.4, baseY - bh - 14 * scale, 2 * scale, 14 * scale, sky.far));
    cx += bw;
  }
  if (opts.landmarks) {
    // A tall tower with a gold crown (Southbank) and a lattice spire (the arts precinct).
    const tx = x + w * rnd(rng, 0.55, 0.75);
    const tw = 44 * scale;
    const th = maxH * 1.02;
    s.add(rect(tx, baseY - th, tw, th, sky.near));
    s.add(rect(tx, baseY - th, tw, th * 0.1, "#d9b45a"));
    for (let wy = baseY - th * 0.88; wy < baseY - 6; wy += 9 * scale)
      s.add(rect(tx + 4 * scale, wy, tw - 8 * scale, 2.5 * scale, light(sky.near, 0.18)));
    const sx = x + w * rnd(rng, 0.1, 0.3);
    const sh = maxH * 0.95;
    s.add(
      poly(
        [
          [sx, baseY - sh],
          [sx - 16 * scale, baseY - sh * 0.35],
          [sx + 16 * scale, baseY - sh * 0.35],
        ],
        "none",
        `stroke="${light(sky.near, 0.25)}" stroke-width="${2 * scale}"`,
      ),
    );
    s.add(line(sx, baseY - sh, sx, baseY - sh * 0.35, light(sky.near, 0.25), 2 * scale));
    s.add(rect(sx - 26 * scale, baseY - sh * 0.35, 52 * scale, sh * 0.35, sky.far));
  }
  // Near layer: darker towers with window grids.
  cx = x - 30;
  while (cx < x + w + 10) {
    const bw = rnd(rng, 40, 110) * scale;
    const bh = rnd(rng, 0.18, 0.62) * maxH;
    const top = baseY - bh;
    const tone = mix(sky.near, pick(rng, ["#000000", "#ffffff", sky.far]), rnd(rng, 0, 0.12));
    s.add(rect(cx, top, bw + 1, bh, tone));
    if (chance(rng, 0.3)) s.add(rect(cx + bw * 0.15, top - 10 * scale, bw * 0.7, 10 * scale, tone));
    const cols = Math.max(2, Math.floor(bw / (13 * scale)));
    const gap = bw / cols;
    const glass = chance(rng, 0.35);
    for (let wy = top + 8 * scale; wy < baseY - 8 * scale; wy += 13 * scale) {
      if (glass) {
        s.add(rect(cx + 4 * scale, wy, bw - 8 * scale, 3 * scale, light(tone, 0.14)));
        continue;
      }
      for (let c = 0; c < cols; c++) {
        const lit = chance(rng, sky.lit);
        s.add(
          rect(
            cx + c * gap + gap * 0.28,
            wy,
            gap * 0.44,
            6 * scale,
            lit ? sky.windowLit : mix(tone, sky.windowDark, 0.45),
          ),
        );
      }
    }
    cx += bw + rnd(rng, 0, 12) * scale;
  }
}

function viewSkyline(s: Svg, rng: Rng, x: number, y: number, w: number, h: number, sky: Sky) {
  skyBackground(s, x, y, w, h, sky);
  if (sky.sun) s.add(circle(x + w * rnd(rng, 0.2, 0.8), y + h * 0.55, h * 0.09, sky.sun, `opacity="0.9"`));
  for (let i = 0; i < 3; i++) {
    const cy = y + h * rnd(rng, 0.08, 0.35);
    const cx = x + w * rnd(rng, 0, 1);
    s.add(
      ellipse(
        cx,
        cy,
        w * rnd(rng, 0.12, 0.25),
        h * 0.03,
        "#ffffff",
        `opacity="${f(sky === SKIES.dusk ? 0.15 : 0.45)}"`,
      ),
    );
  }
  buildings(s, rng, x, y + h, w, h * 0.75, sky, { landmarks: chance(rng, 0.6), scale: Math.max(0.6, w / 360) });
}

function viewLaneway(s: Svg, rng: Rng, x: number, y: number, w: number, h: number, sky: Sky) {
  skyBackground(s, x, y, w, h, sky);
  const wallTop = y + h * rnd(rng, 0.12, 0.22);
  const brick = pick(rng, ["#a4573e", "#8d4b3a", "#b46a4c", "#7a4a3c"]);
  const pid = s.id("brick");
  s.def(
    `<pattern id="${pid}" width="36" height="20" patternUnits="userSpaceOnUse"><rect width="36" height="20" fill="${brick}"/><path d="M0 10H36M0 20H36M18 0V10M0 10V20M36 10V20" stroke="${dark(brick, 0.25)}" stroke-width="1.5"/></pattern>`,
  );
  s.add(rect(x, wallTop, w, h, `url(#${pid})`));
  // A mural on the opposite wall.
  const mx = x + w * rnd(rng, 0.05, 0.35);
  const mw = w * rnd(rng, 0.45, 0.6);
  const my = wallTop + h * 0.2;
  const mh = h * 0.55;
  const colours = ["#f2c14e", "#f78154", "#4d9078", "#5fa8d3", "#b4436c", "#f5e6cc"];
  s.add(rect(mx, my, mw, mh, pick(rng, colours)));
  const mclip = s.clip(rect(mx, my, mw, mh, "#000"));
  let art = "";
  for (let i = 0; i < 6; i++)
    art += circle(mx + rnd(rng, 0, mw), my + rnd(rng, 0, mh), rnd(rng, 0.15, 0.4) * mh, pick(rng, colours));
  art += path(
    `M${f(mx)} ${f(my + mh * 0.7)} Q ${f(mx + mw * 0.3)} ${f(my + mh * 0.3)} ${f(mx + mw * 0.6)} ${f(my + mh * 0.65)} T ${f(mx + mw)} ${f(my + mh * 0.5)}`,
    "none",
    `stroke="#1d1d1d" stroke-width="6"`,
  );
  s.add(group(art, `clip-path="${mclip}"`));
  // A window and a downpipe on the opposite building.
  const wx = mx + mw + w * 0.06;
  if (wx + 40 < x + w) {
    s.add(
      rect(wx, wallTop + h * 0.18, 46, 64, "#2d2a2a"),
      rect(wx + 4, wallTop + h * 0.18 + 4, 38, 56, sky.windowDark),
    );
  }
  s.add(rect(x + w * 0.03, wallTop, 7, h, "#5f6366"));
  // Festoon lights across the lane.
  const ly = y + h * 0.12;
  s.add(
    path(
      `M${f(x)} ${f(ly)} Q ${f(x + w / 2)} ${f(ly + h * 0.16)} ${f(x + w)} ${f(ly)}`,
      "none",
      `stroke="#2b2b2b" stroke-width="2"`,
    ),
  );
  for (let i = 1; i < 8; i++) {
    const t = i / 8;
    const bx = x + w * t;
    const by = (1 - t) * (1 - t) * ly + 2 * (1 - t) * t * (ly + h * 0.16) + t * t * ly;
    s.add(circle(bx, by + 6, 5, "#ffe9a8"), circle(bx, by + 6, 12, "#ffe9a8", `opacity="0.25"`));
  }
}

function viewLeafy(s: Svg, rng: Rng, x: number, y: number, w: number, h: number, sky: Sky) {
  skyBackground(s, x, y, w, h, sky);
  // Victorian terrace roofs and chimneys across the street.
  const roofY = y + h * rnd(rng, 0.45, 0.55);
  let rx = x - 20;
  while (rx < x + w) {
    const rw = rnd(rng, 70, 110);
    const roof = pick(rng, ["#8f969c", "#a25a45", "#6f7a80", "#b0b6ba"]);
    s.add(
      poly(
        [
          [rx, roofY + 30],
          [rx + rw * 0.5, roofY],
          [rx + rw, roofY + 30],
        ],
        roof,
      ),
    );
    s.add(rect(rx, roofY + 30, rw, h, pick(rng, ["#e8dcc6", "#d9c2a4", "#c7b49b", "#efe6d5"])));
    s.add(rect(rx + rw * 0.7, roofY - 10, 12, 30, dark("#b4654a", 0.1)));
    s.add(
      rect(rx + rw * 0.2, roofY + 50, rw * 0.22, 40, sky.windowDark),
      rect(rx + rw * 0.58, roofY + 50, rw * 0.22, 40, sky.windowDark),
    );
    rx += rw;
  }
  // Street trees in front.
  const greens = ["#5f8a4e", "#4e7a45", "#79a05b", "#3f6b3f", "#8fb36b"];
  for (let t = 0; t < 3; t++) {
    const tx = x + w * rnd(rng, 0, 1);
    const ty = y + h * rnd(rng, 0.45, 0.75);
    s.add(rect(tx - 4, ty, 8, h, "#5b4636"));
    for (let i = 0; i < 9; i++)
      s.add(circle(tx + rnd(rng, -55, 55), ty + rnd(rng, -55, 20), rnd(rng, 22, 40), pick(rng, greens)));
  }
}

function view(s: Svg, rng: Rng, kind: ViewKind, x: number, y: number, w: number, h: number, sky: Sky) {
  if (kind === "skyline") viewSkyline(s, rng, x, y, w, h, sky);
  else if (kind === "laneway") viewLaneway(s, rng, x, y, w, h, sky);
  else viewLeafy(s, rng, x, y, w, h, sky);
}

// ---------------------------------------------------------------------------------------------
// Room shell: wall, floor, light
// ---------------------------------------------------------------------------------------------

interface Room {
  s: Svg;
  rng: Rng;
  pal: Palette;
  sky: Sky;
  W: number;
  H: number;
  floorY: number;
}

function wallAndFloor(
  room: Room,
  opts: { feature?: { x: number; w: number } | null; floor?: "planks" | "carpet" | "tiles" | "concrete" },
) {
  const { s, rng, pal, W, H, floorY } = room;
  s.add(
    rect(
      0,
      0,
      W,
      floorY,
      s.linear([
        [0, light(pal.wall, 0.25)],
        [1, dark(pal.wall, 0.06)],
      ]),
    ),
  );
  const wallStyle = pick(rng, ["plain", "plain", "wainscot", "panel"] as const);
  if (opts.feature) {
    s.add(rect(opts.feature.x, 0, opts.feature.w, floorY, pal.feature));
    s.add(
      rect(
        opts.feature.x,
        0,
        opts.feature.w,
        floorY,
        s.linear([
          [0, "#ffffff", 0.12],
          [1, "#000000", 0.08],
        ]),
      ),
    );
  } else if (wallStyle === "wainscot") {
    const wy = floorY - 230;
    s.add(rect(0, wy, W, floorY - wy, pal.feature), rect(0, wy - 6, W, 8, light(pal.feature, 0.3)));
    for (let x = 40; x < W; x += 110)
      s.add(rect(x, wy + 24, 80, floorY - wy - 50, "none", `stroke="${dark(pal.feature, 0.12)}" stroke-width="2"`));
  } else if (wallStyle === "panel") {
    for (let x = 30; x < W; x += 42) s.add(line(x, 0, x, floorY, dark(pal.wall, 0.07), 2));
  }
  // Cornice.
  s.add(rect(0, 0, W, 16, light(pal.trim, 0.2)), rect(0, 16, W, 4, dark(pal.wall, 0.1), `opacity="0.5"`));
  // Floor.
  const kind = opts.floor ?? "planks";
  const vpx = W / 2;
  const vpy = floorY - 700;
  const k = (H - vpy) / (floorY - vpy);
  const base = kind === "carpet" ? pal.rug : kind === "concrete" ? "#b9b5ae" : pal.floor;
  s.add(
    rect(
      0,
      floorY,
      W,
      H - floorY,
      s.linear([
        [0, dark(base, 0.08)],
        [1, light(base, 0.05)],
      ]),
    ),
  );
  if (kind === "planks") {
    const step = 62;
    for (let x0 = -W; x0 < W * 2; x0 += step) {
      const x1 = vpx + (x0 - vpx) * k;
      const x2 = vpx + (x0 + step - vpx) * k;
      const tint = mix(pal.floor, pick(rng, ["#000000", "#ffffff"]), rnd(rng, 0, 0.07));
      s.add(
        poly(
          [
            [x0, floorY],
            [x0 + step, floorY],
            [x2, H],
            [x1, H],
          ],
          tint,
        ),
      );
      s.add(line(x0, floorY, x1, H, dark(pal.floor, 0.18), 1.5));
      // Board-end joints.
      for (let j = 0; j < 2; j++) {
        const t = rnd(rng, 0.1, 0.95);
        const yy = floorY + (H - floorY) * t;
        const xa = x0 + (x1 - x0) * t;
        const xb = x0 + step + (x2 - x0 - step) * t;
        s.add(line(xa, yy, xb, yy, dark(pal.floor, 0.15), 1.2));
      }
    }
  } else if (kind === "tiles" || kind === "concrete") {
    const step = kind === "tiles" ? 90 : 240;
    for (let x0 = -W; x0 < W * 2; x0 += step) s.add(line(x0, floorY, vpx + (x0 - vpx) * k, H, dark(base, 0.14), 1.5));
    for (let t = 0.08; t < 1; t += t * 0.6 + 0.06)
      s.add(line(0, floorY + (H - floorY) * t, W, floorY + (H - floorY) * t, dark(base, 0.14), 1.5));
  }
  // Skirting board.
  s.add(rect(0, floorY - 16, W, 16, pal.trim), rect(0, floorY - 2, W, 3, dark(pal.trim, 0.2)));
}

/** Sunlight falling through a window onto the floor. */
function sunPatch(room: Room, wx: number, ww: number) {
  const { s, floorY, H } = room;
  const skew = room.W / 2 > wx + ww / 2 ? 220 : -220;
  s.add(
    poly(
      [
        [wx + 10, floorY + 4],
        [wx + ww - 10, floorY + 4],
        [wx + ww + skew, H],
        [wx + skew * 0.3, H],
      ],
      "#fff8e6",
      `opacity="0.18" filter="url(#blur4)"`,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Fixtures and furniture
// ---------------------------------------------------------------------------------------------

function windowWithView(
  room: Room,
  x: number,
  y: number,
  w: number,
  h: number,
  kind: ViewKind,
  opts: { curtains?: boolean; sill?: boolean; frame?: string } = {},
) {
  const { s, rng, pal, sky } = room;
  const frame = opts.frame ?? pick(rng, [pal.trim, "#2b2b2b", pal.trim, light(pal.wood, 0.1)]);
  s.add(rect(x - 14, y - 14, w + 28, h + 28, dark(pal.wall, 0.12), `opacity="0.6"`));
  s.add(rect(x - 10, y - 10, w + 20, h + 20, frame));
  const clipId = s.clip(rect(x, y, w, h, "#000"));
  s.add(`<g clip-path="${clipId}">`);
  view(s, rng, kind, x, y, w, h, sky);
  // Reflections on the glass.
  s.add(
    poly(
      [
        [x + w * 0.1, y + h],
        [x + w * 0.45, y],
        [x + w * 0.6, y],
        [x + w * 0.25, y + h],
      ],
      "#ffffff",
      `opacity="0.12"`,
    ),
  );
  s.add(
    poly(
      [
        [x + w * 0.55, y + h],
        [x + w * 0.85, y],
        [x + w * 0.9, y],
        [x + w * 0.6, y + h],
      ],
      "#ffffff",
      `opacity="0.08"`,
    ),
  );
  s.add(`</g>`);
  const panes = w > 260 ? 3 : 2;
  for (let i = 1; i < panes; i++) s.add(rect(x + (w * i) / panes - 4, y, 8, h, frame));
  if (chance(rng, 0.6)) s.add(rect(x, y + h * 0.3 - 4, w, 8, frame));
  if (opts.sill !== false)
    s.add(
      rect(x - 22, y + h + 8, w + 44, 12, light(pal.trim, 0.1)),
      rect(x - 22, y + h + 20, w + 44, 4, dark(pal.wall, 0.2), `opacity="0.5"`),
    );
  if (opts.curtains ?? true) curtains(room, x, y, w, h);
}

function curtains(room: Room, x: number, y: number, w: number, h: number) {
  const { s, rng, pal, floorY } = room;
  const style = pick(rng, ["drape", "sheer", "blind"] as const);
  if (style === "blind") {
    const bh = h * rnd(rng, 0.2, 0.38);
    s.add(
      rect(x - 6, y - 8, w + 12, bh, light(pal.linen, 0.1)),
      rect(x - 6, y - 8 + bh - 8, w + 12, 8, dark(pal.linen, 0.12)),
    );
    return;
  }
  const rodY = y - 34;
  s.add(
    rect(x - 60, rodY, w + 120, 6, pal.metal),
    circle(x - 62, rodY + 3, 7, pal.metal),
    circle(x + w + 62, rodY + 3, 7, pal.metal),
  );
  const colour = style === "sheer" ? "#ffffff" : pick(rng, [pal.fabric, pal.linen, pal.feature]);
  const opacity = style === "sheer" ? 0.55 : 1;
  const bottom = chance(rng, 0.7) ? floorY - 10 : y + h + 40;
  for (const side of [0, 1]) {
    const cw = style === "sheer" ? w * 0.32 : rnd(rng, 70, 95);
    const cx = side === 0 ? x - 55 : x + w + 55 - cw;
    const folds = s.linear(
      Array.from({ length: 9 }, (_, i): Stop => [i / 8, i % 2 === 0 ? light(colour, 0.08) : dark(colour, 0.12)]),
      0,
      0,
      1,
      0,
    );
    const flare = side === 0 ? -10 : 10;
    s.add(
      path(
        `M${f(cx)} ${f(rodY + 4)} H${f(cx + cw)} L${f(cx + cw + flare)} ${f(bottom)} H${f(cx + flare)} Z`,
        folds,
        `opacity="${opacity}"`,
      ),
    );
  }
}

function pendant(room: Room, cx: number, dropY: number, glow = true) {
  const { s, rng, pal } = room;
  s.add(line(cx, 0, cx, dropY, "#2b2b2b", 2));
  const style = pick(rng, ["dome", "cone", "globe"] as const);
  if (glow) s.add(circle(cx, dropY + 40, 70, "#fff1c9", `opacity="0.35" filter="url(#glow)"`));
  if (style === "dome")
    s.add(
      path(
        `M${f(cx - 48)} ${f(dropY + 38)} Q ${f(cx - 46)} ${f(dropY - 4)} ${f(cx)} ${f(dropY)} Q ${f(cx + 46)} ${f(dropY - 4)} ${f(cx + 48)} ${f(dropY + 38)} Z`,
        pal.metal,
      ),
    );
  else if (style === "cone")
    s.add(
      poly(
        [
          [cx - 10, dropY],
          [cx + 10, dropY],
          [cx + 40, dropY + 44],
          [cx - 40, dropY + 44],
        ],
        pick(rng, [pal.accent, "#2b2b2b", pal.trim]),
      ),
    );
  else s.add(circle(cx, dropY + 22, 26, "#fff6dc", `stroke="${light(pal.metal, 0.3)}" stroke-width="2"`));
  if (style !== "globe") s.add(ellipse(cx, dropY + 40, 22, 5, "#fff6dc"));
}

function art(room: Room, x: number, y: number, w: number, h: number) {
  const { s, rng, pal } = room;
  const frame = pick(rng, ["#2b2b2b", pal.wood, "#f4f1ea", pal.metal]);
  s.add(rect(x + 6, y + 8, w, h, "#000000", `opacity="0.12" filter="url(#blur4)"`));
  s.add(rect(x, y, w, h, frame));
  const m = Math.min(w, h) * 0.1;
  const ix = x + m;
  const iy = y + m;
  const iw = w - 2 * m;
  const ih = h - 2 * m;
  s.add(rect(ix, iy, iw, ih, "#fbf8f2"));
  const p = Math.min(iw, ih) * 0.1;
  const ax = ix + p;
  const ay = iy + p;
  const aw = iw - 2 * p;
  const ah = ih - 2 * p;
  const bg = pick(rng, [light(pal.accent2, 0.5), light(pal.feature, 0.3), "#f1e9dc", light(pal.fabric, 0.55)]);
  s.add(rect(ax, ay, aw, ah, bg));
  const clip = s.clip(rect(ax, ay, aw, ah, "#000"));
  const style = pick(rng, ["sun", "arches", "blocks", "lines", "hills"] as const);
  let c = "";
  if (style === "sun") {
    c += circle(ax + aw * 0.5, ay + ah * 0.45, Math.min(aw, ah) * 0.28, pal.accent);
    c += rect(ax, ay + ah * 0.62, aw, ah, pal.fabric);
  } else if (style === "arches") {
    for (let i = 0; i < 3; i++) {
      const r = aw * (0.42 - i * 0.12);
      c += path(
        `M${f(ax + aw / 2 - r)} ${f(ay + ah)} V${f(ay + ah * 0.55)} A ${f(r)} ${f(r)} 0 0 1 ${f(ax + aw / 2 + r)} ${f(ay + ah * 0.55)} V${f(ay + ah)} Z`,
        [pal.accent, pal.accent2, pal.fabric][i] ?? pal.accent,
      );
    }
  } else if (style === "blocks") {
    c +=
      rect(ax, ay, aw * 0.55, ah * 0.6, pal.accent) +
      rect(ax + aw * 0.4, ay + ah * 0.45, aw * 0.6, ah * 0.55, pal.fabric) +
      circle(ax + aw * 0.75, ay + ah * 0.25, aw * 0.14, pal.accent2);
  } else if (style === "lines") {
    for (let i = 0; i < 5; i++)
      c += path(
        `M${f(ax)} ${f(ay + ah * (0.2 + i * 0.15))} Q ${f(ax + aw * 0.5)} ${f(ay + ah * (0.05 + i * 0.15))} ${f(ax + aw)} ${f(ay + ah * (0.25 + i * 0.15))}`,
        "none",
        `stroke="${i % 2 ? pal.accent : pal.fabric}" stroke-width="${f(Math.max(2, ah * 0.04))}"`,
      );
  } else {
    c += circle(ax + aw * 0.7, ay + ah * 0.3, aw * 0.1, pal.accent2);
    c += path(
      `M${f(ax)} ${f(ay + ah * 0.7)} Q ${f(ax + aw * 0.3)} ${f(ay + ah * 0.35)} ${f(ax + aw * 0.6)} ${f(ay + ah * 0.65)} T ${f(ax + aw)} ${f(ay + ah * 0.55)} V${f(ay + ah)} H${f(ax)} Z`,
      pal.fabric,
    );
    c += path(
      `M${f(ax)} ${f(ay + ah * 0.85)} Q ${f(ax + aw * 0.5)} ${f(ay + ah * 0.6)} ${f(ax + aw)} ${f(ay + ah * 0.8)} V${f(ay + ah)} H${f(ax)} Z`,
      pal.accent,
    );
  }
  s.add(group(c, `clip-path="${clip}"`));
}

function plant(room: Room, x: number, baseY: number, size: number, kind?: "fiddle" | "snake" | "monstera" | "palm") {
  const { s, rng, pal } = room;
  const k = kind ?? pick(rng, ["fiddle", "snake", "monstera", "palm"] as const);
  const potW = 62 * size;
  const potH = 70 * size;
  const potColour = pick(rng, [pal.accent, "#e9e4da", "#3a3a3a", pal.accent2, "#c98d69"]);
  s.add(shadow(x, baseY, potW * 0.8, 10 * size, 0.25));
  const greens = ["#4f7d4a", "#3f6b3f", "#6a9a58", "#5a8c4f", "#2f5d3a"];
  const top = baseY - potH;
  if (k === "fiddle") {
    s.add(line(x, top, x + 4 * size, top - 240 * size, "#5b4636", 5 * size));
    for (let i = 0; i < 12; i++) {
      const t = i / 11;
      const ly = top - 40 * size - t * 210 * size;
      const dir = i % 2 === 0 ? -1 : 1;
      const lx = x + dir * rnd(rng, 18, 40) * size * (1 - t * 0.4);
      s.add(
        ellipse(
          lx,
          ly,
          26 * size,
          36 * size,
          pick(rng, greens),
          `transform="rotate(${f(dir * rnd(rng, 20, 50))} ${f(lx)} ${f(ly)})"`,
        ),
      );
    }
  } else if (k === "snake") {
    for (let i = 0; i < 9; i++) {
      const lx = x + rnd(rng, -24, 24) * size;
      const lh = rnd(rng, 120, 200) * size;
      const lean = rnd(rng, -18, 18) * size;
      const g = pick(rng, greens);
      s.add(
        path(
          `M${f(lx - 9 * size)} ${f(top + 4)} Q ${f(lx - 12 * size + lean / 2)} ${f(top - lh / 2)} ${f(lx + lean)} ${f(top - lh)} Q ${f(lx + 12 * size + lean / 2)} ${f(top - lh / 2)} ${f(lx + 9 * size)} ${f(top + 4)} Z`,
          g,
        ),
      );
      s.add(
        path(
          `M${f(lx)} ${f(top)} Q ${f(lx + lean / 2)} ${f(top - lh / 2)} ${f(lx + lean)} ${f(top - lh + 10)}`,
          "none",
          `stroke="${light(g, 0.35)}" stroke-width="${f(1.5 * size)}" opacity="0.6"`,
        ),
      );
    }
  } else if (k === "monstera") {
    for (let i = 0; i < 9; i++) {
      const ang = -160 + i * 17 + rnd(rng, -6, 6);
      const len = rnd(rng, 90, 150) * size;
      const rad = (ang * Math.PI) / 180;
      const ex = x + Math.cos(rad) * len;
      const ey = top - 10 + Math.sin(rad) * len;
      const g = pick(rng, greens);
      s.add(line(x, top, ex, ey, dark(g, 0.1), 3 * size));
      s.add(ellipse(ex, ey, 42 * size, 30 * size, g, `transform="rotate(${f(ang)} ${f(ex)} ${f(ey)})"`));
      s.add(
        line(
          ex - Math.cos(rad) * 30 * size,
          ey - Math.sin(rad) * 30 * size,
          ex + Math.cos(rad) * 30 * size,
          ey + Math.sin(rad) * 30 * size,
          light(g, 0.3),
          2 * size,
          `opacity="0.6"`,
        ),
      );
    }
  } else {
    for (let i = 0; i < 8; i++) {
      const ang = -165 + i * 21 + rnd(rng, -5, 5);
      const len = rnd(rng, 130, 190) * size;
      const rad = (ang * Math.PI) / 180;
      const ex = x + Math.cos(rad) * len;
      const ey = top - 60 * size + Math.sin(rad) * len * 0.8;
      const mx = x + Math.cos(rad) * len * 0.5;
      const my = top - 90 * size + Math.sin(rad) * len * 0.5;
      s.add(
        path(
          `M${f(x)} ${f(top)} Q ${f(mx)} ${f(my)} ${f(ex)} ${f(ey)}`,
          "none",
          `stroke="${pick(rng, greens)}" stroke-width="${f(11 * size)}" stroke-linecap="round"`,
        ),
      );
    }
  }
  s.add(
    path(
      `M${f(x - potW / 2)} ${f(top)} H${f(x + potW / 2)} L${f(x + potW * 0.4)} ${f(baseY)} H${f(x - potW * 0.4)} Z`,
      potColour,
    ),
  );
  s.add(rect(x - potW / 2 - 3, top - 4, potW + 6, 10 * size, dark(potColour, 0.1)));
  s.add(
    path(
      `M${f(x - potW / 2)} ${f(top)} H${f(x - potW * 0.2)} L${f(x - potW * 0.16)} ${f(baseY)} H${f(x - potW * 0.4)} Z`,
      "#ffffff",
      `opacity="0.12"`,
    ),
  );
}

function tableLamp(room: Room, x: number, baseY: number, on = true) {
  const { s, rng, pal } = room;
  if (on) s.add(circle(x, baseY - 70, 70, "#fff0c2", `opacity="0.45" filter="url(#glow)"`));
  const base = pick(rng, [pal.accent, pal.metal, "#efe9df", pal.accent2]);
  s.add(
    path(
      `M${f(x - 14)} ${f(baseY)} Q ${f(x - 22)} ${f(baseY - 22)} ${f(x - 6)} ${f(baseY - 42)} H${f(x + 6)} Q ${f(x + 22)} ${f(baseY - 22)} ${f(x + 14)} ${f(baseY)} Z`,
      base,
    ),
  );
  s.add(rect(x - 2, baseY - 58, 4, 18, "#444"));
  const shade = pick(rng, [pal.linen, "#f5ecd8", light(pal.fabric, 0.4)]);
  s.add(
    poly(
      [
        [x - 22, baseY - 96],
        [x + 22, baseY - 96],
        [x + 34, baseY - 54],
        [x - 34, baseY - 54],
      ],
      shade,
    ),
  );
  s.add(
    poly(
      [
        [x - 34, baseY - 54],
        [x + 34, baseY - 54],
        [x + 30, baseY - 50],
        [x - 30, baseY - 50],
      ],
      "#fff4d0",
      `opacity="0.8"`,
    ),
  );
}

function floorLamp(room: Room, x: number, baseY: number) {
  const { s, rng, pal } = room;
  s.add(circle(x + 40, baseY - 330, 90, "#fff0c2", `opacity="0.35" filter="url(#glow)"`));
  if (chance(rng, 0.5)) {
    // Arc lamp.
    s.add(
      path(
        `M${f(x)} ${f(baseY - 8)} V${f(baseY - 260)} Q ${f(x + 10)} ${f(baseY - 380)} ${f(x + 110)} ${f(baseY - 340)}`,
        "none",
        `stroke="${pal.metal}" stroke-width="5"`,
      ),
    );
    s.add(
      path(
        `M${f(x + 80)} ${f(baseY - 310)} Q ${f(x + 110)} ${f(baseY - 360)} ${f(x + 140)} ${f(baseY - 310)} Z`,
        pal.metal,
      ),
    );
    s.add(ellipse(x + 110, baseY - 310, 26, 5, "#fff4d0"));
  } else {
    s.add(line(x, baseY - 8, x, baseY - 300, pal.metal, 5));
    s.add(
      poly(
        [
          [x - 30, baseY - 360],
          [x + 30, baseY - 360],
          [x + 44, baseY - 298],
          [x - 44, baseY - 298],
        ],
        pick(rng, [pal.linen, "#f3ead7"]),
      ),
    );
  }
  s.add(ellipse(x, baseY - 4, 30, 7, dark(pal.metal, 0.2)));
}

function bedsideTable(room: Room, x: number, w: number, baseY: number, lamp: boolean) {
  const { s, rng, pal } = room;
  const h = 110;
  const top = baseY - h;
  const body = pick(rng, [pal.wood, light(pal.wood, 0.15), pal.trim, pal.accent2]);
  s.add(shadow(x + w / 2, baseY, w * 0.6, 8));
  s.add(rect(x, top, w, 12, dark(body, 0.08)));
  s.add(rect(x + 4, top + 12, w - 8, h - 30, body));
  s.add(
    rect(
      x + 10,
      top + 22,
      w - 20,
      (h - 42) / 2 - 4,
      light(body, 0.06),
      `stroke="${dark(body, 0.18)}" stroke-width="1.5"`,
    ),
  );
  s.add(rect(x + w / 2 - 10, top + 32, 20, 4, pal.metal));
  s.add(rect(x + 8, baseY - 18, 5, 18, dark(body, 0.3)), rect(x + w - 13, baseY - 18, 5, 18, dark(body, 0.3)));
  if (lamp) tableLamp(room, x + w / 2, top);
  if (chance(rng, 0.6)) {
    const bx = x + w * (lamp ? 0.68 : 0.3);
    s.add(
      rect(bx, top - 10, 26, 10, pick(rng, [pal.accent, pal.fabric, "#e9e2d0"])),
      rect(bx + 3, top - 18, 22, 8, pick(rng, [pal.accent2, "#3b4a5a"])),
    );
  }
}

function rug(room: Room, cx: number, topY: number, w: number, bottomY: number) {
  const { s, rng, pal, floorY } = room;
  const vpy = floorY - 700;
  const spread = (bottomY - vpy) / (topY - vpy);
  const tw = w;
  const bw = w * spread;
  const pts: [number, number][] = [
    [cx - tw / 2, topY],
    [cx + tw / 2, topY],
    [cx + bw / 2, bottomY],
    [cx - bw / 2, bottomY],
  ];
  s.add(poly(pts, pal.rug));
  const style = pick(rng, ["border", "stripes", "diamond", "plain"] as const);
  const lerp = (a: [number, number], b: [number, number], t: number): [number, number] => [
    a[0] + (b[0] - a[0]) * t,
    a[1] + (b[1] - a[1]) * t,
  ];
  const [p0, p1, p2, p3] = pts as [[number, number], [number, number], [number, number], [number, number]];
  const inset = (t: number): [number, number][] => {
    const a = lerp(p0, p2, t);
    const b = lerp(p1, p3, t);
    const c = lerp(p2, p0, t);
    const d = lerp(p3, p1, t);
    return [a, b, c, d];
  };
  if (style === "border") {
    s.add(poly(inset(0.05), "none", `stroke="${pal.rug2}" stroke-width="10"`));
    s.add(poly(inset(0.12), "none", `stroke="${light(pal.rug2, 0.3)}" stroke-width="3"`));
  } else if (style === "stripes") {
    for (let i = 1; i < 6; i++) {
      const t = i / 6;
      const a = lerp(p0, p3, t);
      const b = lerp(p1, p2, t);
      s.add(line(a[0], a[1], b[0], b[1], i % 2 ? pal.rug2 : light(pal.rug2, 0.4), 6 + t * 6));
    }
  } else if (style === "diamond") {
    const [a, b, c, d] = inset(0.15) as [[number, number], [number, number], [number, number], [number, number]];
    s.add(poly([lerp(a, b, 0.5), lerp(b, c, 0.5), lerp(c, d, 0.5), lerp(d, a, 0.5)], pal.rug2, `opacity="0.8"`));
    s.add(poly(inset(0.05), "none", `stroke="${pal.rug2}" stroke-width="5"`));
  }
  // Fringe.
  for (let t = 0.02; t < 1; t += 0.025) {
    const a = lerp(p3, p2, t);
    s.add(line(a[0], a[1], a[0], a[1] + 9, dark(pal.rug, 0.1), 2));
  }
}

function bed(room: Room, cx: number, W: number) {
  const { s, rng, pal, floorY } = room;
  const backY = floorY - 92;
  const frontY = floorY + 62;
  const frontW = W * 1.16;
  const faceH = 58;
  const legH = 18;
  const duvet = pick(rng, [pal.linen, pal.fabric, light(pal.fabric, 0.35), "#f3f1ec"]);
  const sheet = pick(rng, [pal.linen, "#ffffff", light(pal.feature, 0.5)]);
  const throwC = pick(rng, [pal.accent, pal.accent2, pal.fabric, pal.rug2]);
  s.add(shadow(cx, frontY + faceH + legH, frontW * 0.58, 16, 0.3));
  // Headboard.
  const hb = pick(rng, ["panel", "round", "slats", "tufted"] as const);
  const hbC = pick(rng, [pal.wood, pal.fabric, dark(pal.feature, 0.15), pal.accent, "#e9e2d4"]);
  const hbTop = floorY - rnd(rng, 250, 300);
  s.add(
    rect(cx - W / 2 - 8, hbTop + 10, W + 28, floorY - 40 - hbTop, "#000000", `opacity="0.16" filter="url(#blur4)"`),
  );
  if (hb === "round") {
    s.add(
      path(
        `M${f(cx - W / 2 - 12)} ${f(floorY - 40)} V${f(hbTop + 60)} Q ${f(cx - W / 2 - 12)} ${f(hbTop)} ${f(cx - W / 2 + 60)} ${f(hbTop)} H${f(cx + W / 2 - 60)} Q ${f(cx + W / 2 + 12)} ${f(hbTop)} ${f(cx + W / 2 + 12)} ${f(hbTop + 60)} V${f(floorY - 40)} Z`,
        hbC,
      ),
    );
  } else if (hb === "slats") {
    s.add(rect(cx - W / 2 - 12, hbTop, W + 24, floorY - 40 - hbTop, dark(hbC, 0.12)));
    for (let x = cx - W / 2 - 8; x < cx + W / 2 + 8; x += 28) s.add(rect(x, hbTop + 4, 22, floorY - 48 - hbTop, hbC));
  } else {
    s.add(rrect(cx - W / 2 - 12, hbTop, W + 24, floorY - 40 - hbTop, 10, hbC));
    if (hb === "tufted") {
      for (let x = cx - W / 2 + 20; x < cx + W / 2; x += 46)
        for (let y = hbTop + 26; y < backY - 30; y += 42) s.add(circle(x, y, 3, dark(hbC, 0.25)));
    } else {
      for (let i = 1; i < 4; i++)
        s.add(
          line(
            cx - W / 2 - 12 + ((W + 24) * i) / 4,
            hbTop + 8,
            cx - W / 2 - 12 + ((W + 24) * i) / 4,
            floorY - 48,
            dark(hbC, 0.15),
            2,
          ),
        );
    }
  }
  s.add(rect(cx - W / 2 - 12, hbTop, W + 24, 12, "#ffffff", `opacity="0.12"`));
  // Mattress top (a trapezoid in perspective) and the sheet showing at the head end.
  s.add(
    poly(
      [
        [cx - W / 2, backY],
        [cx + W / 2, backY],
        [cx + frontW / 2, frontY],
        [cx - frontW / 2, frontY],
      ],
      sheet,
    ),
  );
  // Pillows.
  const pw = W * 0.42;
  for (const side of [-1, 1]) {
    const px = cx + side * W * 0.23 - pw / 2;
    s.add(rrect(px, backY - 48, pw, 62, 22, dark(sheet, 0.04)));
    s.add(rrect(px + 6, backY - 44, pw - 12, 20, 10, "#ffffff", `opacity="0.5"`));
  }
  if (chance(rng, 0.7)) {
    const cw = W * 0.22;
    s.add(rrect(cx - cw / 2, backY - 30, cw, 52, 16, throwC));
    s.add(rrect(cx - cw / 2 + 6, backY - 26, cw - 12, 14, 8, "#ffffff", `opacity="0.2"`));
  }
  // Duvet over the top and front.
  const dTop = backY + 26;
  const t = (dTop - backY) / (frontY - backY);
  const dW = W + (frontW - W) * t;
  const duvetFill = s.linear([
    [0, light(duvet, 0.1)],
    [1, dark(duvet, 0.04)],
  ]);
  s.add(
    path(
      `M${f(cx - dW / 2 - 6)} ${f(dTop)} H${f(cx + dW / 2 + 6)} L${f(cx + frontW / 2 + 10)} ${f(frontY)} V${f(frontY + faceH)} H${f(cx - frontW / 2 - 10)} V${f(frontY)} Z`,
      duvetFill,
    ),
  );
  s.add(rect(cx - frontW / 2 - 10, frontY, frontW + 20, faceH, dark(duvet, 0.1)));
  // Folded-back sheet band.
  s.add(
    path(
      `M${f(cx - dW / 2 - 6)} ${f(dTop)} H${f(cx + dW / 2 + 6)} L${f(cx + dW / 2 + 8)} ${f(dTop + 16)} H${f(cx - dW / 2 - 8)} Z`,
      light(sheet, 0.3),
    ),
  );
  // Quilting lines.
  for (let i = 1; i < 4; i++) {
    const tt = i / 4;
    const yy = dTop + 16 + (frontY - dTop - 16) * tt;
    const ww = dW + (frontW + 20 - dW) * tt;
    s.add(line(cx - ww / 2, yy, cx + ww / 2, yy, dark(duvet, 0.06), 1.5, `opacity="0.7"`));
  }
  // Throw across the foot.
  if (chance(rng, 0.8)) {
    const ty1 = frontY - 56;
    const tw1 = W + (frontW - W) * ((ty1 - backY) / (frontY - backY)) + 14;
    s.add(
      path(
        `M${f(cx - tw1 / 2)} ${f(ty1)} H${f(cx + tw1 / 2)} L${f(cx + frontW / 2 + 12)} ${f(frontY)} V${f(frontY + faceH + 4)} H${f(cx - frontW / 2 - 12)} V${f(frontY)} Z`,
        throwC,
      ),
    );
    s.add(rect(cx - frontW / 2 - 12, frontY, frontW + 24, faceH + 4, dark(throwC, 0.1)));
    if (chance(rng, 0.5))
      for (let x = cx - frontW / 2; x < cx + frontW / 2; x += 16)
        s.add(line(x, frontY + faceH + 4, x, frontY + faceH + 12, dark(throwC, 0.15), 2));
  }
  // Base and legs.
  const baseC = dark(hb === "slats" || hbC === pal.wood ? pal.wood : hbC, 0.15);
  s.add(rect(cx - frontW / 2 - 4, frontY + faceH, frontW + 8, 8, baseC));
  s.add(
    rect(cx - frontW / 2 + 8, frontY + faceH + 8, 8, legH, dark(baseC, 0.2)),
    rect(cx + frontW / 2 - 16, frontY + faceH + 8, 8, legH, dark(baseC, 0.2)),
  );
}

function desk(room: Room, x: number, w: number, chair = true) {
  const { s, rng, pal, floorY } = room;
  const top = floorY - 150;
  const c = pick(rng, [pal.wood, light(pal.wood, 0.2), "#f2efe9", "#2e2e2e"]);
  s.add(shadow(x + w / 2, floorY + 40, w * 0.55, 10));
  s.add(rect(x, top, w, 12, c), rect(x, top + 12, w, 4, dark(c, 0.25)));
  s.add(
    rect(x + 10, top + 16, 8, floorY + 40 - top - 16, dark(c, 0.2)),
    rect(x + w - 18, top + 16, 8, floorY + 40 - top - 16, dark(c, 0.2)),
  );
  s.add(
    rect(x + 20, top + 16, 6, floorY - top - 10, dark(c, 0.35)),
    rect(x + w - 26, top + 16, 6, floorY - top - 10, dark(c, 0.35)),
  );
  // Laptop.
  const lx = x + w * rnd(rng, 0.35, 0.5);
  s.add(
    poly(
      [
        [lx, top - 66],
        [lx + 100, top - 66],
        [lx + 106, top - 4],
        [lx - 6, top - 4],
      ],
      "#3a3d42",
    ),
  );
  s.add(
    poly(
      [
        [lx + 6, top - 60],
        [lx + 94, top - 60],
        [lx + 99, top - 10],
        [lx + 1, top - 10],
      ],
      s.linear([
        [0, "#9fb7d1"],
        [1, "#5d7a9c"],
      ]),
    ),
  );
  s.add(rect(lx - 14, top - 4, 128, 4, "#c8ccd2"));
  // Mug, books and a small lamp.
  s.add(rrect(x + w * 0.15, top - 22, 20, 22, 3, pick(rng, [pal.accent, pal.trim, pal.accent2])));
  const bx = x + w * 0.78;
  for (let i = 0; i < 3; i++)
    s.add(
      rect(
        bx - 20 + i * 2,
        top - 10 - i * 9,
        50 - i * 6,
        9,
        pick(rng, [pal.accent, pal.fabric, pal.accent2, "#3b4a5a", "#e9e2d0"]),
      ),
    );
  // Chair.
  if (chair) {
    const cx = x + w * 0.45;
    const cc = pick(rng, [pal.fabric, pal.accent, "#2e2e2e", pal.wood]);
    s.add(shadow(cx, floorY + 110, 60, 8));
    s.add(rrect(cx - 52, floorY - 120, 104, 80, 18, cc));
    s.add(rect(cx - 4, floorY - 40, 8, 40, dark(cc, 0.3)));
    s.add(rrect(cx - 60, floorY - 4, 120, 22, 8, light(cc, 0.08)));
    s.add(
      line(cx - 50, floorY + 16, cx - 58, floorY + 108, dark(cc, 0.35), 6),
      line(cx + 50, floorY + 16, cx + 58, floorY + 108, dark(cc, 0.35), 6),
    );
  }
}

function shelf(room: Room, x: number, y: number, w: number) {
  const { s, rng, pal } = room;
  s.add(rect(x, y, w, 8, pal.wood), rect(x, y + 8, w, 3, dark(pal.wood, 0.3)));
  let bx = x + 8;
  while (bx < x + w * 0.6) {
    const bw = rnd(rng, 8, 14);
    const bh = rnd(rng, 34, 52);
    s.add(rect(bx, y - bh, bw, bh, pick(rng, [pal.accent, pal.fabric, pal.accent2, "#3b4a5a", "#e9e2d0", pal.rug2])));
    bx += bw + 1;
  }
  s.add(
    path(
      `M${f(x + w * 0.75 - 14)} ${f(y)} Q ${f(x + w * 0.75 - 18)} ${f(y - 30)} ${f(x + w * 0.75)} ${f(y - 36)} Q ${f(x + w * 0.75 + 18)} ${f(y - 30)} ${f(x + w * 0.75 + 14)} ${f(y)} Z`,
      pick(rng, [pal.accent2, "#efe9df", pal.accent]),
    ),
  );
  const tx = x + w * 0.9;
  s.add(rect(tx - 10, y - 18, 20, 18, "#e9e4da"));
  for (let i = 0; i < 5; i++)
    s.add(
      path(
        `M${f(tx)} ${f(y - 16)} q ${f(rnd(rng, -20, 20))} ${f(rnd(rng, 10, 30))} ${f(rnd(rng, -14, 14))} ${f(rnd(rng, 30, 60))}`,
        "none",
        `stroke="#4f7d4a" stroke-width="4" stroke-linecap="round"`,
      ),
    );
}

function sofa(room: Room, cx: number, W: number, baseY: number) {
  const { s, rng, pal } = room;
  const c = pick(rng, [pal.fabric, pal.accent, "#d9d2c5", dark(pal.feature, 0.1), "#8a8f94"]);
  const seatY = baseY - 95;
  s.add(shadow(cx, baseY + 6, W * 0.55, 14, 0.3));
  // Back cushions.
  s.add(rrect(cx - W / 2 + 30, seatY - 130, W - 60, 150, 24, dark(c, 0.06)));
  const n = W > 460 ? 3 : 2;
  const cw = (W - 90) / n;
  for (let i = 0; i < n; i++)
    s.add(
      rrect(cx - W / 2 + 45 + i * cw, seatY - 118, cw - 6, 120, 20, light(c, 0.04)),
      rrect(cx - W / 2 + 52 + i * cw, seatY - 112, cw - 20, 30, 14, "#ffffff", `opacity="0.12"`),
    );
  // Seat cushions.
  for (let i = 0; i < n; i++)
    s.add(
      rrect(cx - W / 2 + 45 + i * cw, seatY - 6, cw - 6, 52, 12, c),
      rect(cx - W / 2 + 45 + i * cw, seatY + 28, cw - 6, 18, dark(c, 0.08)),
    );
  // Base and arms.
  s.add(rrect(cx - W / 2 + 20, seatY + 42, W - 40, 40, 8, dark(c, 0.12)));
  for (const side of [-1, 1]) {
    const ax = side < 0 ? cx - W / 2 : cx + W / 2 - 58;
    s.add(
      rrect(ax, seatY - 60, 58, 142, 24, dark(c, 0.03)),
      rrect(ax + 6, seatY - 54, 46, 20, 10, "#ffffff", `opacity="0.15"`),
    );
  }
  s.add(rect(cx - W / 2 + 30, baseY - 14, 8, 14, pal.wood), rect(cx + W / 2 - 38, baseY - 14, 8, 14, pal.wood));
  // Throw cushions.
  for (const side of [-1, 1]) {
    const px = cx + side * (W / 2 - 110);
    const pc = pick(rng, [pal.accent, pal.accent2, pal.linen, pal.rug2]);
    s.add(
      `<rect x="${f(px - 38)}" y="${f(seatY - 70)}" width="76" height="70" rx="16" fill="${pc}" transform="rotate(${side * -8} ${f(px)} ${f(seatY - 35)})"/>`,
    );
  }
}

function coffeeTable(room: Room, cx: number, y: number, w: number) {
  const { s, rng, pal } = room;
  const c = pick(rng, [pal.wood, "#f0ece4", "#2e2e2e", light(pal.wood, 0.2)]);
  s.add(shadow(cx, y + 72, w * 0.55, 10));
  if (chance(rng, 0.5)) {
    s.add(ellipse(cx, y, w / 2, 26, c), rect(cx - w / 2, y, w, 14, dark(c, 0.2)), ellipse(cx, y, w / 2, 26, c));
  } else {
    s.add(
      poly(
        [
          [cx - w / 2 + 20, y - 20],
          [cx + w / 2 - 20, y - 20],
          [cx + w / 2, y + 14],
          [cx - w / 2, y + 14],
        ],
        c,
      ),
      rect(cx - w / 2, y + 14, w, 12, dark(c, 0.2)),
    );
  }
  s.add(rect(cx - w / 2 + 20, y + 20, 8, 56, dark(c, 0.3)), rect(cx + w / 2 - 28, y + 20, 8, 56, dark(c, 0.3)));
  // Things on the table.
  s.add(rect(cx - w * 0.3, y - 14, 56, 8, pal.accent), rect(cx - w * 0.3 + 4, y - 21, 48, 7, pal.accent2));
  s.add(
    path(
      `M${f(cx + w * 0.15)} ${f(y - 8)} Q ${f(cx + w * 0.15 - 14)} ${f(y - 40)} ${f(cx + w * 0.15 + 6)} ${f(y - 52)} Q ${f(cx + w * 0.15 + 26)} ${f(y - 40)} ${f(cx + w * 0.15 + 12)} ${f(y - 8)} Z`,
      pick(rng, [pal.trim, pal.accent2, pal.fabric]),
    ),
  );
}

function bookcase(room: Room, x: number, w: number, h: number) {
  const { s, rng, pal, floorY } = room;
  const top = floorY - h;
  s.add(shadow(x + w / 2, floorY, w * 0.6, 8));
  s.add(rect(x, top, w, h, dark(pal.wood, 0.1)), rect(x + 8, top + 8, w - 16, h - 16, dark(pal.wood, 0.35)));
  const rows = Math.floor(h / 90);
  for (let r = 0; r < rows; r++) {
    const sy = top + 8 + ((h - 16) * (r + 1)) / rows;
    s.add(rect(x + 8, sy - 8, w - 16, 8, pal.wood));
    let bx = x + 12;
    const limit = x + w - 12;
    while (bx < limit - 10) {
      if (chance(rng, 0.12)) {
        s.add(circle(bx + 14, sy - 22, 13, pick(rng, [pal.accent2, pal.trim, pal.accent])));
        bx += 34;
        continue;
      }
      const bw = Math.min(rnd(rng, 8, 16), limit - bx);
      const bh = rnd(rng, 42, 72);
      s.add(
        rect(
          bx,
          sy - 8 - bh,
          bw,
          bh,
          pick(rng, [pal.accent, pal.fabric, pal.accent2, "#3b4a5a", "#e9e2d0", pal.rug2, "#7a5a3a"]),
        ),
      );
      bx += bw + 1.5;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------------------------

function makeRoom(seed: number, width = 1200, height = 800, floorY?: number): Room {
  const rng = mulberry32(seed);
  const pal = PALETTES[seed % PALETTES.length] ?? PALETTES[0]!;
  const skyName = pick(rng, ["day", "day", "golden", "dusk", "overcast"] as const satisfies readonly SkyName[]);
  return {
    s: new Svg(width, height),
    rng,
    pal,
    sky: SKIES[skyName],
    W: width,
    H: height,
    floorY: floorY ?? Math.round(rnd(rng, 545, 575)),
  };
}

/** Finishes a scene: gentle vignette and warm light, optional mirroring for variety. */
function finish(room: Room, mirror: boolean): string {
  const { s, W, H } = room;
  s.add(
    rect(
      0,
      0,
      W,
      H,
      s.radial(
        [
          [0.55, "#000000", 0],
          [1, "#000000", 0.22],
        ],
        0.5,
        0.45,
        0.75,
      ),
    ),
  );
  const svg = s.toString();
  if (!mirror) return svg;
  return svg.replace(/(<\/defs>)([\s\S]*)(<\/svg>)$/, `$1<g transform="translate(${W},0) scale(-1,1)">$2</g>$3`);
}

function bedroomScene(seed: number, view: ViewKind): string {
  const room = makeRoom(seed);
  const { rng, floorY } = room;
  const layout = pick(rng, ["windowLeft", "centred", "deskWindow"] as const);
  if (layout === "windowLeft") {
    const bedW = rnd(rng, 400, 450);
    const bedCx = 770;
    wallAndFloor(room, { feature: chance(rng, 0.5) ? { x: bedCx - bedW / 2 - 120, w: bedW + 240 } : null });
    windowWithView(room, 90, 110, 290, floorY - 250, view);
    sunPatch(room, 90, 290);
    art(room, bedCx - 130, floorY - 470, 260, 170);
    rug(room, bedCx, floorY + 40, bedW + 200, 790);
    bedsideTable(room, bedCx - bedW / 2 - 108, 86, floorY, true);
    bedsideTable(room, bedCx + bedW / 2 + 22, 86, floorY, chance(rng, 0.6));
    bed(room, bedCx, bedW);
    plant(room, 1135, floorY + 60, rnd(rng, 0.8, 1.0));
    if (chance(rng, 0.5)) pendant(room, 480, 150);
  } else if (layout === "centred") {
    const bedW = rnd(rng, 400, 440);
    const bedCx = 560;
    wallAndFloor(room, { feature: chance(rng, 0.4) ? { x: bedCx - bedW / 2 - 130, w: bedW + 260 } : null });
    windowWithView(room, 950, 100, 190, floorY - 230, view);
    sunPatch(room, 950, 190);
    if (chance(rng, 0.5)) {
      art(room, bedCx - 210, floorY - 460, 180, 130);
      art(room, bedCx + 30, floorY - 460, 180, 130);
    } else art(room, bedCx - 160, floorY - 470, 320, 160);
    rug(room, bedCx, floorY + 40, bedW + 220, 790);
    bedsideTable(room, bedCx - bedW / 2 - 104, 84, floorY, true);
    bedsideTable(room, bedCx + bedW / 2 + 20, 84, floorY, true);
    bed(room, bedCx, bedW);
    if (chance(rng, 0.5)) plant(room, 110, floorY + 40, rnd(rng, 0.9, 1.1));
    else {
      shelf(room, 40, floorY - 330, 200);
      floorLamp(room, 120, floorY + 30);
    }
  } else {
    const bedW = rnd(rng, 390, 430);
    const bedCx = 860;
    wallAndFloor(room, { feature: chance(rng, 0.3) ? { x: bedCx - bedW / 2 - 110, w: W_REST } : null });
    windowWithView(room, 80, 100, 330, floorY - 290, view, { curtains: chance(rng, 0.5) });
    sunPatch(room, 80, 330);
    art(room, bedCx - 110, floorY - 460, 220, 150);
    rug(room, bedCx, floorY + 40, bedW + 160, 790);
    bedsideTable(room, bedCx - bedW / 2 - 96, 80, floorY, true);
    if (bedCx + bedW / 2 + 96 < 1200) bedsideTable(room, bedCx + bedW / 2 + 16, 76, floorY, false);
    bed(room, bedCx, bedW);
    desk(room, 60, 360);
    plant(room, 500, floorY + 20, 0.7, "snake");
  }
  return finish(room, chance(rng, 0.5));
}
const W_REST = 1200;

function lounge(seed: number, view: ViewKind): string {
  const room = makeRoom(seed);
  const { rng, floorY } = room;
  wallAndFloor(room, { feature: null });
  const bigWindow = chance(rng, 0.6);
  if (bigWindow) {
    windowWithView(room, 280, 90, 640, floorY - 300, view, { curtains: chance(rng, 0.6) });
    sunPatch(room, 280, 640);
  } else {
    windowWithView(room, 900, 100, 220, floorY - 240, view);
    sunPatch(room, 900, 220);
    art(room, 300, floorY - 430, 200, 140);
    art(room, 530, floorY - 460, 140, 180);
    art(room, 700, floorY - 420, 140, 110);
  }
  rug(room, 600, floorY + 70, 700, 795);
  sofa(room, 600, rnd(rng, 520, 600), floorY + 60);
  coffeeTable(room, 600, floorY + 150, 300);
  if (chance(rng, 0.5)) bookcase(room, 40, 190, 420);
  else plant(room, 140, floorY + 60, 1.05);
  if (bigWindow || chance(rng, 0.5)) floorLamp(room, 1010, floorY + 70);
  if (bigWindow) plant(room, 1140, floorY + 80, 0.8, "snake");
  pendant(room, 600, 40, false);
  return finish(room, chance(rng, 0.5));
}

function kitchen(seed: number, view: ViewKind): string {
  const room = makeRoom(seed, 1200, 800, 600);
  const { s, rng, pal, floorY, W } = room;
  wallAndFloor(room, { feature: null, floor: pick(rng, ["planks", "tiles", "concrete"] as const) });
  const benchY = floorY - 200;
  const cab = pick(rng, [pal.fabric, pal.trim, dark(pal.feature, 0.1), pal.wood, "#2f3b40", "#e8e4dc"]);
  const bench = pick(rng, ["#f1eee9", "#d9d4cc", "#3a3a3a", light(pal.wood, 0.1)]);
  const tile = pick(rng, ["#ffffff", "#e6efe9", light(pal.feature, 0.5), "#f3e7d9"]);
  // Splashback tiles.
  s.add(rect(0, benchY - 170, W, 170, tile));
  for (let y = benchY - 170; y < benchY; y += 22) s.add(line(0, y, W, y, dark(tile, 0.1), 1.5));
  for (let y = benchY - 170, r = 0; y < benchY; y += 22, r++)
    for (let x = r % 2 ? 0 : 30; x < W; x += 60) s.add(line(x, y, x, y + 22, dark(tile, 0.1), 1.5));
  // Window over the sink.
  const wx = 430;
  windowWithView(room, wx, 70, 340, benchY - 110, view, { curtains: false, sill: false, frame: "#2b2b2b" });
  // Upper cabinets or open shelves.
  if (chance(rng, 0.6)) {
    for (const [x0, x1] of [
      [0, wx - 40],
      [wx + 380, W],
    ] as const) {
      s.add(rect(x0, 40, x1 - x0, benchY - 250, cab));
      const doors = Math.max(1, Math.round((x1 - x0) / 120));
      const dw = (x1 - x0) / doors;
      for (let i = 0; i < doors; i++) {
        const x = x0 + i * dw;
        s.add(rect(x + 6, 46, dw - 12, benchY - 262, light(cab, 0.05), `stroke="${dark(cab, 0.15)}" stroke-width="2"`));
        s.add(rect(i % 2 === 0 ? x + dw - 20 : x + 16, benchY - 250 - 50, 4, 36, room.pal.metal));
      }
      s.add(rect(x0, benchY - 214, x1 - x0, 4, dark(cab, 0.3), `opacity="0.4"`));
    }
  } else {
    shelf(room, 60, benchY - 260, 300);
    shelf(room, 840, benchY - 260, 300);
  }
  // Lower cabinets and benchtop.
  s.add(rect(0, benchY + 14, W, floorY - benchY - 14, cab));
  for (let x = 0; x < W; x += 110) {
    s.add(
      rect(
        x + 5,
        benchY + 22,
        100,
        floorY - benchY - 44,
        light(cab, 0.04),
        `stroke="${dark(cab, 0.15)}" stroke-width="2"`,
      ),
    );
    s.add(rect(x + 40, benchY + 34, 30, 4, pal.metal));
  }
  // Oven.
  s.add(
    rect(880, benchY + 22, 200, floorY - benchY - 44, "#2d2f33"),
    rect(900, benchY + 60, 160, floorY - benchY - 100, "#1c1d20"),
    rect(900, benchY + 38, 160, 6, "#9aa0a6"),
  );
  s.add(rect(0, benchY, W, 16, bench), rect(0, benchY + 14, W, 3, dark(bench, 0.3)));
  // Sink, tap, kettle, fruit bowl, chopping board.
  s.add(rect(wx + 100, benchY - 2, 140, 6, "#b5bcc2"));
  s.add(
    path(
      `M${f(wx + 170)} ${f(benchY)} V${f(benchY - 70)} Q ${f(wx + 170)} ${f(benchY - 92)} ${f(wx + 192)} ${f(benchY - 92)} Q ${f(wx + 212)} ${f(benchY - 92)} ${f(wx + 212)} ${f(benchY - 70)}`,
      "none",
      `stroke="${pal.metal === "#1f1f1f" ? "#2b2b2b" : "#a9b0b6"}" stroke-width="7"`,
    ),
  );
  s.add(
    path(`M${f(200)} ${f(benchY)} h44 l-6 -50 h-32 Z`, pick(rng, [pal.accent, "#e9e4da", "#c8ccd2"])),
    rect(214, benchY - 58, 16, 8, "#444"),
  );
  s.add(ellipse(330, benchY - 10, 44, 14, pick(rng, [pal.trim, pal.accent2, pal.wood])));
  for (let i = 0; i < 5; i++)
    s.add(circle(305 + i * 12, benchY - 24 - (i % 2) * 8, 11, pick(rng, ["#e8a33d", "#d9492c", "#8cb44a", "#f2cf4a"])));
  s.add(rrect(860, benchY - 70, 80, 70, 8, light(pal.wood, 0.15)), circle(900, benchY - 58, 5, dark(pal.wood, 0.3)));
  s.add(path(`M980 ${f(benchY)} h26 v-40 q-13 -20 -26 0 Z`, "#ece6da"));
  for (let i = 0; i < 3; i++) s.add(line(993, benchY - 42, 993 + (i - 1) * 14, benchY - 82, "#5a8c4f", 4));
  // Island with stools in the foreground.
  const isY = floorY + 10;
  const islandC = pick(rng, [cab, pal.wood, "#f0ece4"]);
  s.add(shadow(600, 795, 420, 12, 0.3));
  s.add(
    poly(
      [
        [230, isY],
        [970, isY],
        [1000, isY + 40],
        [200, isY + 40],
      ],
      bench,
    ),
  );
  s.add(rect(200, isY + 40, 800, 16, dark(bench, 0.2)));
  s.add(rect(214, isY + 56, 772, 800 - isY - 56, islandC));
  for (let x = 214; x < 986; x += 40) s.add(line(x, isY + 60, x, 800, dark(islandC, 0.1), 2));
  const stoolC = pick(rng, [pal.wood, "#2b2b2b", pal.accent, pal.fabric]);
  const stoolBack = chance(rng, 0.5);
  for (const sx of [360, 600, 840]) {
    const seatY = isY + 96;
    if (stoolBack)
      s.add(
        rrect(sx - 44, seatY - 70, 88, 40, 12, stoolC),
        line(sx - 36, seatY - 30, sx - 40, seatY, dark(stoolC, 0.25), 5),
        line(sx + 36, seatY - 30, sx + 40, seatY, dark(stoolC, 0.25), 5),
      );
    s.add(ellipse(sx, seatY, 56, 14, light(stoolC, 0.08)), rect(sx - 56, seatY, 112, 14, dark(stoolC, 0.2)));
    s.add(
      line(sx - 42, seatY + 14, sx - 56, 800, dark(stoolC, 0.3), 6),
      line(sx + 42, seatY + 14, sx + 56, 800, dark(stoolC, 0.3), 6),
    );
    s.add(line(sx - 48, seatY + 90, sx + 48, seatY + 90, dark(stoolC, 0.3), 4));
  }
  // Items on the island and pendants over it.
  s.add(rrect(620, isY - 12, 120, 14, 4, light(pal.wood, 0.2)));
  s.add(path(`M430 ${f(isY + 6)} q-6 -40 18 -48 q24 8 18 48 Z`, pick(rng, [pal.trim, pal.accent2])));
  for (let i = 0; i < 4; i++) s.add(line(448, isY - 40, 448 + (i - 1.5) * 18, isY - 90 - (i % 2) * 12, "#5a8c4f", 3));
  pendant(room, 420, 80, true);
  pendant(room, 780, 80, true);
  return finish(room, chance(rng, 0.5));
}

function bathroom(seed: number, view: ViewKind): string {
  const room = makeRoom(seed, 1200, 800, 620);
  const { s, rng, pal, floorY, W } = room;
  const tile = pick(rng, ["#f4f2ee", "#e4ece8", "#eae4da", light(pal.feature, 0.55), "#dfe6ec"]);
  s.add(rect(0, 0, W, floorY, tile));
  const tw = pick(rng, [60, 80]);
  const th = tw / 2;
  for (let y = 0; y < floorY; y += th) s.add(line(0, y, W, y, dark(tile, 0.08), 1.5));
  for (let y = 0, r = 0; y < floorY; y += th, r++)
    for (let x = r % 2 ? tw / 2 : 0; x < W; x += tw) s.add(line(x, y, x, y + th, dark(tile, 0.08), 1.5));
  // Floor.
  const ft = pick(rng, ["#5d6166", "#cfc8bd", "#e8e5df", pal.floor]);
  s.add(rect(0, floorY, W, 200, ft));
  const vpy = floorY - 700;
  const k = (800 - vpy) / (floorY - vpy);
  for (let x0 = -W; x0 < 2 * W; x0 += 70) s.add(line(x0, floorY, W / 2 + (x0 - W / 2) * k, 800, dark(ft, 0.15), 1.5));
  for (let t = 0.1; t < 1; t += t * 0.5 + 0.08)
    s.add(line(0, floorY + 180 * t, W, floorY + 180 * t, dark(ft, 0.15), 1.5));
  // Small window high up.
  windowWithView(room, 150, 70, 220, 140, view === "skyline" ? "skyline" : "leafy", {
    curtains: false,
    sill: true,
    frame: "#ffffff",
  });
  // Shower on the right: glass screen, rose, niche.
  const gx = 820;
  s.add(
    rect(gx + 140, 30, 40, 8, "#b5bcc2"),
    line(gx + 160, 38, gx + 160, 120, "#b5bcc2", 5),
    ellipse(gx + 160, 124, 36, 8, "#9aa1a7"),
  );
  s.add(
    rect(gx + 50, 260, 160, 70, dark(tile, 0.1)),
    rect(gx + 70, 282, 22, 48, pal.accent),
    rect(gx + 100, 292, 18, 38, "#ffffff"),
    rect(gx + 126, 286, 20, 44, pal.accent2),
  );
  s.add(rect(gx, 10, 10, floorY - 10, "#c3cbd1"), rect(gx + 10, 10, 380, floorY - 10, "#cfe3ea", `opacity="0.28"`));
  s.add(
    poly(
      [
        [gx + 60, floorY],
        [gx + 180, 20],
        [gx + 220, 20],
        [gx + 100, floorY],
      ],
      "#ffffff",
      `opacity="0.18"`,
    ),
  );
  // Vanity with basin, mirror and sconces.
  const vx = 360;
  const vw = 380;
  const vy = floorY - 250;
  const vc = pick(rng, [pal.wood, "#f2efe9", pal.fabric, "#2f3b40"]);
  s.add(shadow(vx + vw / 2, vy + 150, vw * 0.5, 10, 0.2));
  s.add(rect(vx, vy, vw, 16, "#f2f0ec"), rect(vx + 6, vy + 16, vw - 12, 140, vc));
  s.add(
    line(vx + vw / 2, vy + 24, vx + vw / 2, vy + 146, dark(vc, 0.2), 2),
    rect(vx + vw / 2 - 30, vy + 70, 16, 4, pal.metal),
    rect(vx + vw / 2 + 14, vy + 70, 16, 4, pal.metal),
  );
  s.add(
    path(
      `M${f(vx + vw / 2 - 80)} ${f(vy)} Q ${f(vx + vw / 2)} ${f(vy - 50)} ${f(vx + vw / 2 + 80)} ${f(vy)} Z`,
      "#ffffff",
    ),
    path(`M${f(vx + vw / 2 - 80)} ${f(vy)} H${f(vx + vw / 2 + 80)}`, "none", `stroke="#dde0e2" stroke-width="3"`),
  );
  s.add(
    path(`M${f(vx + vw / 2)} ${f(vy - 36)} V${f(vy - 80)} h24 v8`, "none", `stroke="${pal.metal}" stroke-width="6"`),
  );
  const mirrorRound = chance(rng, 0.5);
  const mcx = vx + vw / 2;
  const my = vy - 330;
  if (mirrorRound) {
    s.add(
      circle(mcx, my + 120, 120, pal.metal),
      circle(
        mcx,
        my + 120,
        112,
        s.linear(
          [
            [0, "#dfe9ee"],
            [1, "#b6c8d2"],
          ],
          0,
          0,
          1,
          1,
        ),
      ),
    );
  } else {
    s.add(
      path(
        `M${f(mcx - 100)} ${f(my + 240)} V${f(my + 100)} A100 100 0 0 1 ${f(mcx + 100)} ${f(my + 100)} V${f(my + 240)} Z`,
        pal.metal,
      ),
    );
    s.add(
      path(
        `M${f(mcx - 92)} ${f(my + 234)} V${f(my + 100)} A92 92 0 0 1 ${f(mcx + 92)} ${f(my + 100)} V${f(my + 234)} Z`,
        s.linear(
          [
            [0, "#dfe9ee"],
            [1, "#b6c8d2"],
          ],
          0,
          0,
          1,
          1,
        ),
      ),
    );
  }
  s.add(
    poly(
      [
        [mcx - 60, my + 200],
        [mcx + 10, my + 40],
        [mcx + 40, my + 40],
        [mcx - 30, my + 200],
      ],
      "#ffffff",
      `opacity="0.25"`,
    ),
  );
  for (const side of [-1, 1]) {
    const lx = mcx + side * 160;
    s.add(
      circle(lx, my + 110, 40, "#fff1c9", `opacity="0.4" filter="url(#glow)"`),
      rect(lx - 3, my + 100, 6, 30, pal.metal),
      ellipse(lx, my + 96, 16, 22, "#fff6de"),
    );
  }
  const towel = pick(rng, [pal.accent, pal.fabric, "#ffffff", pal.accent2]);
  if (chance(rng, 0.5)) {
    // Freestanding bath under the window, towel above it.
    s.add(rect(100, floorY - 330, 160, 6, pal.metal));
    s.add(
      rect(120, floorY - 330, 120, 110, towel),
      rect(120, floorY - 230, 120, 10, dark(towel, 0.1)),
      rect(120, floorY - 330, 120, 18, dark(towel, 0.08)),
    );
    const bathC = pick(rng, ["#ffffff", "#f4f1ea", "#2f3b40", pal.fabric]);
    s.add(shadow(180, floorY + 50, 170, 12, 0.3));
    s.add(
      path(
        `M30 ${f(floorY - 130)} H330 Q 322 ${f(floorY + 40)} 262 ${f(floorY + 40)} H98 Q 38 ${f(floorY + 40)} 30 ${f(floorY - 130)} Z`,
        bathC,
      ),
    );
    s.add(rrect(20, floorY - 142, 320, 18, 9, "#ffffff"), rect(48, floorY - 124, 264, 6, "#dfe3e6"));
    s.add(
      path(
        `M${f(120)} ${f(floorY - 110)} Q 140 ${f(floorY + 10)} 200 ${f(floorY + 24)}`,
        "none",
        `stroke="#ffffff" stroke-width="6" opacity="0.35"`,
      ),
    );
    s.add(rect(90, floorY + 36, 14, 20, pal.metal), rect(256, floorY + 36, 14, 20, pal.metal));
    s.add(
      path(
        `M346 ${f(floorY + 40)} V${f(floorY - 190)} q0 -20 -22 -20 h-24`,
        "none",
        `stroke="${pal.metal}" stroke-width="7"`,
      ),
    );
    plant(room, vx + 50, vy, 0.32, "snake");
  } else {
    // Towel rail and towel on the left.
    s.add(rect(120, floorY - 300, 160, 6, pal.metal));
    s.add(
      rect(140, floorY - 300, 120, 170, towel),
      rect(140, floorY - 170, 120, 10, dark(towel, 0.1)),
      rect(140, floorY - 300, 120, 20, dark(towel, 0.08)),
    );
    plant(room, 300, floorY + 80, 0.75, "snake");
  }
  // Bath mat.
  s.add(
    poly(
      [
        [470, floorY + 40],
        [640, floorY + 40],
        [660, floorY + 110],
        [450, floorY + 110],
      ],
      pick(rng, [pal.rug, "#ffffff", pal.linen]),
    ),
  );
  return finish(room, chance(rng, 0.5));
}

function balcony(seed: number): string {
  const room = makeRoom(seed);
  const { s, rng, pal, W, H } = room;
  const sky = room.sky;
  const horizon = Math.round(rnd(rng, 470, 520));
  skyBackground(s, 0, 0, W, horizon, sky);
  if (sky.sun) {
    const sx = rnd(rng, 200, 1000);
    s.add(
      circle(sx, horizon - 120, 160, sky.sun, `opacity="0.35" filter="url(#glow)"`),
      circle(sx, horizon - 120, 48, sky.sun),
    );
  }
  for (let i = 0; i < 5; i++)
    s.add(
      ellipse(
        rnd(rng, 0, W),
        rnd(rng, 40, horizon * 0.5),
        rnd(rng, 80, 200),
        rnd(rng, 10, 20),
        "#ffffff",
        `opacity="${sky === SKIES.dusk ? 0.12 : 0.4}"`,
      ),
    );
  buildings(s, rng, 0, horizon, W, horizon * 0.62, sky, { landmarks: true, scale: 1.6 });
  // Deck and balustrade.
  const railTop = horizon - 40;
  const deckY = horizon + 120;
  const deck = pick(rng, ["#a8805c", "#8f6b4d", "#b89572", "#9d9a94"]);
  s.add(rect(0, deckY, W, H - deckY, deck));
  const vpy = deckY - 700;
  const k = (H - vpy) / (deckY - vpy);
  for (let x0 = -W; x0 < 2 * W; x0 += 48) s.add(line(x0, deckY, W / 2 + (x0 - W / 2) * k, H, dark(deck, 0.2), 2));
  s.add(rect(0, railTop, W, deckY - railTop, "#cfe3ea", `opacity="0.22"`));
  for (let x = 0; x <= W; x += 300) s.add(rect(x - 5, railTop, 10, deckY - railTop, "#50575e"));
  s.add(rect(0, railTop - 12, W, 14, "#50575e"), rect(0, deckY - 6, W, 10, "#3d4349"));
  for (let x = 60; x < W; x += 300)
    s.add(
      poly(
        [
          [x, deckY - 6],
          [x + 90, railTop],
          [x + 120, railTop],
          [x + 30, deckY - 6],
        ],
        "#ffffff",
        `opacity="0.1"`,
      ),
    );
  // String lights.
  s.add(path(`M0 60 Q ${f(W / 2)} 200 ${f(W)} 70`, "none", `stroke="#2b2b2b" stroke-width="2"`));
  for (let i = 1; i < 14; i++) {
    const t = i / 14;
    const by = (1 - t) * (1 - t) * 60 + 2 * (1 - t) * t * 200 + t * t * 70;
    s.add(circle(W * t, by + 8, 7, "#ffe9a8"), circle(W * t, by + 8, 18, "#ffe9a8", `opacity="0.25"`));
  }
  // Bistro set.
  const tx = rnd(rng, 480, 720);
  const ty = deckY + 90;
  const tc = pick(rng, ["#2f3b40", pal.accent, "#e9e4da", pal.fabric]);
  s.add(shadow(tx, ty + 120, 150, 14, 0.3));
  for (const side of [-1, 1]) {
    const cx = tx + side * 170;
    s.add(rrect(cx - 48, ty - 120, 96, 110, 30, tc), rect(cx - 54, ty - 10, 108, 16, dark(tc, 0.1)));
    s.add(
      line(cx - 44, ty + 6, cx - 54, ty + 130, dark(tc, 0.2), 6),
      line(cx + 44, ty + 6, cx + 54, ty + 130, dark(tc, 0.2), 6),
    );
  }
  s.add(
    ellipse(tx, ty - 30, 100, 26, tc),
    rect(tx - 100, ty - 30, 200, 10, dark(tc, 0.2)),
    ellipse(tx, ty - 30, 100, 26, light(tc, 0.05)),
  );
  s.add(rect(tx - 6, ty - 20, 12, 130, dark(tc, 0.3)), ellipse(tx, ty + 112, 50, 10, dark(tc, 0.3)));
  s.add(
    path(`M${f(tx - 40)} ${f(ty - 36)} q-4 -30 10 -34 q14 4 10 34 Z`, "#f1efe9"),
    rect(tx + 10, ty - 64, 10, 30, "#7a2e3a", `opacity="0.85"`),
    rect(tx + 30, ty - 56, 10, 22, "#f5e8c8", `opacity="0.8"`),
  );
  plant(room, 110, H - 40, 1.25, "palm");
  plant(room, W - 120, H - 30, 1.1, pick(rng, ["fiddle", "monstera"] as const));
  return finish(room, chance(rng, 0.5));
}

// ---------------------------------------------------------------------------------------------
// Blog illustrations (1200×630)
// ---------------------------------------------------------------------------------------------

function blogSkylineRiver(seed: number): string {
  const room = makeRoom(seed, 1200, 630, 630);
  const { s, rng, W, H } = room;
  const sky = SKIES.dusk;
  const horizon = 400;
  skyBackground(s, 0, 0, W, horizon, sky);
  s.add(
    circle(880, 330, 200, sky.sun ?? "#ffcf8a", `opacity="0.3" filter="url(#glow)"`),
    circle(880, 340, 50, sky.sun ?? "#ffcf8a"),
  );
  buildings(s, rng, 0, horizon, W, 300, sky, { landmarks: true, scale: 1.6 });
  // River with reflections.
  s.add(
    rect(
      0,
      horizon,
      W,
      H - horizon,
      s.linear([
        [0, "#3b3f66"],
        [1, "#1f2440"],
      ]),
    ),
  );
  for (let i = 0; i < 60; i++) {
    const y = horizon + 6 + rnd(rng, 0, H - horizon - 10);
    const x = rnd(rng, 0, W);
    s.add(
      rect(
        x,
        y,
        rnd(rng, 20, 90),
        2.5,
        pick(rng, [sky.windowLit, "#ea8f6a", "#8c8fb8"]),
        `opacity="${f(rnd(rng, 0.3, 0.8))}"`,
      ),
    );
  }
  // A footbridge.
  s.add(path(`M0 470 Q 600 400 1200 470`, "none", `stroke="#1b1d2e" stroke-width="14"`));
  for (let x = 40; x < W; x += 60) {
    const t = x / W;
    const y = (1 - t) * (1 - t) * 470 + 2 * (1 - t) * t * 400 + t * t * 470;
    s.add(line(x, y, x, y - 40, "#1b1d2e", 3));
  }
  s.add(path(`M0 430 Q 600 360 1200 430`, "none", `stroke="#1b1d2e" stroke-width="4"`));
  return finish(room, false);
}

function blogTram(seed: number): string {
  const room = makeRoom(seed, 1200, 630, 630);
  const { s, rng, W, H } = room;
  const sky = SKIES.day;
  skyBackground(s, 0, 0, W, 420, sky);
  for (let i = 0; i < 4; i++)
    s.add(ellipse(rnd(rng, 0, W), rnd(rng, 40, 160), rnd(rng, 80, 180), 16, "#ffffff", `opacity="0.6"`));
  buildings(s, rng, 0, 420, W, 330, sky, { landmarks: false, scale: 1.4 });
  // Heritage facades in front.
  let x = 0;
  while (x < W) {
    const w = rnd(rng, 130, 200);
    const h = rnd(rng, 150, 220);
    const c = pick(rng, ["#d8c3a5", "#c9a27e", "#e6dccb", "#b9836b", "#cdbfae"]);
    s.add(rect(x, 420 - h, w, h, c), rect(x, 420 - h, w, 14, dark(c, 0.15)));
    for (let wy = 420 - h + 30; wy < 380; wy += 50)
      for (let wx = x + 16; wx < x + w - 30; wx += 40) s.add(rrect(wx, wy, 22, 32, 10, "#5d6c7a"));
    s.add(rect(x, 380, w, 40, dark(c, 0.3)), rect(x + 10, 386, w - 20, 30, "#ffe7b0", `opacity="0.6"`));
    x += w;
  }
  // Street, tracks and overhead wires.
  s.add(rect(0, 420, W, H - 420, "#6c6f73"), rect(0, 420, W, 16, "#a19d96"));
  for (const y of [540, 580]) s.add(line(0, y, W, y, "#b8b8b8", 4));
  for (let lx = 0; lx < W; lx += 120) s.add(rect(lx, 500, 60, 6, "#f2f2f2", `opacity="0.6"`));
  s.add(line(0, 150, W, 170, "#2b2b2b", 2), line(0, 160, W, 180, "#2b2b2b", 2));
  for (const px of [160, 900]) s.add(rect(px, 150, 10, 290, "#3d4349"));
  // A green-and-gold heritage tram.
  const tx = rnd(rng, 300, 420);
  const ty = 380;
  s.add(shadow(tx + 260, 580, 300, 14, 0.4));
  s.add(line(tx + 260, ty - 40, tx + 240, 170, "#2b2b2b", 4));
  s.add(
    rrect(tx, ty, 520, 190, 24, "#2f6b4f"),
    rect(tx, ty + 110, 520, 80, "#c9a94b"),
    rect(tx, ty + 104, 520, 8, "#f2e6c2"),
  );
  s.add(rrect(tx + 30, ty - 30, 460, 40, 16, "#2f6b4f"));
  for (let wx = tx + 26; wx < tx + 500; wx += 62)
    s.add(rrect(wx, ty + 24, 48, 64, 6, "#d6e6ef"), rect(wx, ty + 24, 48, 14, "#ffffff", `opacity="0.3"`));
  s.add(rect(tx + 230, ty + 20, 60, 150, "#284f3c"), rect(tx + 238, ty + 28, 44, 70, "#d6e6ef"));
  s.add(circle(tx + 20, ty + 150, 10, "#fff4c4"), circle(tx + 500, ty + 150, 10, "#fff4c4"));
  for (const wx of [tx + 90, tx + 430]) s.add(circle(wx, ty + 196, 18, "#2b2b2b"));
  return finish(room, false);
}

function blogLaneway(seed: number): string {
  const room = makeRoom(seed, 1200, 630, 630);
  const { s, rng, W, H } = room;
  const vx = 600;
  const vy = 300;
  skyBackground(s, 0, 0, W, H, SKIES.golden);
  // Left and right walls converging to a far opening.
  const brickL = "#9b5440";
  const brickR = "#86493a";
  s.add(
    poly(
      [
        [0, 0],
        [vx - 90, vy - 130],
        [vx - 90, vy + 110],
        [0, H],
      ],
      brickL,
    ),
  );
  s.add(
    poly(
      [
        [W, 0],
        [vx + 90, vy - 130],
        [vx + 90, vy + 110],
        [W, H],
      ],
      brickR,
    ),
  );
  for (let i = 1; i < 26; i++) {
    const t = i / 26;
    s.add(
      line(0, H * t, vx - 90, vy - 130 + 240 * t, dark(brickL, 0.25), 1.5),
      line(W, H * t, vx + 90, vy - 130 + 240 * t, dark(brickR, 0.25), 1.5),
    );
  }
  // Far end: a glimpse of street and a building.
  s.add(rect(vx - 90, vy - 130, 180, 240, "#f3d2a2"), rect(vx - 60, vy - 100, 120, 210, "#c7a58a"));
  // Street art on the walls.
  const colours = ["#f2c14e", "#f78154", "#4d9078", "#5fa8d3", "#b4436c", "#f5e6cc", "#6a4c93"];
  const leftClip = s.clip(
    poly(
      [
        [0, 60],
        [vx - 120, vy - 90],
        [vx - 120, vy + 80],
        [0, H - 90],
      ],
      "#000",
    ),
  );
  let art1 = "";
  for (let i = 0; i < 14; i++)
    art1 += circle(
      rnd(rng, 0, vx - 120),
      rnd(rng, 60, H - 90),
      rnd(rng, 30, 110),
      pick(rng, colours),
      `opacity="0.92"`,
    );
  art1 += path(`M0 300 Q 200 200 350 320 T ${vx - 120} 280`, "none", `stroke="#1d1d1d" stroke-width="10"`);
  s.add(group(art1, `clip-path="${leftClip}"`));
  const rightClip = s.clip(
    poly(
      [
        [W, 140],
        [vx + 140, vy - 70],
        [vx + 140, vy + 60],
        [W, H - 160],
      ],
      "#000",
    ),
  );
  let art2 = "";
  for (let i = 0; i < 8; i++)
    art2 += rect(
      rnd(rng, vx + 140, W),
      rnd(rng, 140, H - 160),
      rnd(rng, 60, 200),
      rnd(rng, 30, 120),
      pick(rng, colours),
      `opacity="0.9"`,
    );
  s.add(group(art2, `clip-path="${rightClip}"`));
  // Cobbled ground.
  s.add(
    poly(
      [
        [0, H],
        [vx - 90, vy + 110],
        [vx + 90, vy + 110],
        [W, H],
      ],
      "#7d7772",
    ),
  );
  for (let i = 0; i < 14; i++) {
    const t = Math.pow(i / 14, 1.6);
    const y = vy + 110 + (H - vy - 110) * t;
    const half = 90 + (W / 2 - 90) * t;
    s.add(line(vx - half, y, vx + half, y, "#6a645f", 2));
  }
  // Café tables and umbrellas.
  for (const [cx, cy, sc] of [
    [300, 540, 1],
    [880, 560, 1.1],
    [470, 430, 0.6],
  ] as const) {
    const c = pick(rng, ["#2f3b40", "#c5533b", "#e9e4da"]);
    s.add(shadow(cx, cy + 70 * sc, 90 * sc, 8, 0.3));
    s.add(ellipse(cx, cy, 60 * sc, 14 * sc, c), rect(cx - 4 * sc, cy, 8 * sc, 70 * sc, dark(c, 0.3)));
    s.add(
      rrect(cx - 110 * sc, cy - 30 * sc, 40 * sc, 50 * sc, 8, "#3d4349"),
      rrect(cx + 70 * sc, cy - 30 * sc, 40 * sc, 50 * sc, 8, "#3d4349"),
    );
    s.add(
      rect(cx - 102 * sc, cy + 20 * sc, 4, 50 * sc, "#3d4349"),
      rect(cx + 100 * sc, cy + 20 * sc, 4, 50 * sc, "#3d4349"),
    );
    s.add(rect(cx - 6 * sc, cy - 18 * sc, 12 * sc, 18 * sc, "#f5f1e8"));
  }
  // Festoon lights.
  for (let j = 0; j < 3; j++) {
    const y0 = 60 + j * 70;
    const xL = (vx - 90) * (y0 / (vy - 130 + 0.0001)) * 0 + 40 + j * 120;
    const xR = W - 40 - j * 120;
    s.add(
      path(
        `M${f(xL)} ${f(y0)} Q ${f(vx)} ${f(y0 + 70)} ${f(xR)} ${f(y0)}`,
        "none",
        `stroke="#2b2b2b" stroke-width="2"`,
      ),
    );
    for (let i = 1; i < 12; i++) {
      const t = i / 12;
      const bx = (1 - t) * (1 - t) * xL + 2 * (1 - t) * t * vx + t * t * xR;
      const by = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + 70) + t * t * y0;
      s.add(circle(bx, by + 6, 5 - j, "#ffe9a8"), circle(bx, by + 6, 14 - j * 2, "#ffe9a8", `opacity="0.3"`));
    }
  }
  return finish(room, false);
}

function blogTerraces(seed: number): string {
  const room = makeRoom(seed, 1200, 630, 630);
  const { s, rng, W, H } = room;
  skyBackground(s, 0, 0, W, H, SKIES.day);
  for (let i = 0; i < 4; i++)
    s.add(ellipse(rnd(rng, 0, W), rnd(rng, 30, 130), rnd(rng, 90, 180), 18, "#ffffff", `opacity="0.6"`));
  const ground = 520;
  const colours = ["#e8dcc6", "#c98d69", "#9fb7a5", "#e3c6a8", "#b7c4d6", "#f0e6d2", "#d7b4a8"];
  let x = -40;
  while (x < W) {
    const w = 210;
    const c = pick(rng, colours);
    const roofY = 170 + rnd(rng, -10, 10);
    // Parapet and house.
    s.add(rect(x, roofY, w, ground - roofY, c));
    s.add(
      path(
        `M${f(x + 20)} ${f(roofY)} H${f(x + w - 20)} V${f(roofY - 30)} Q ${f(x + w / 2)} ${f(roofY - 70)} ${f(x + 20)} ${f(roofY - 30)} Z`,
        c,
      ),
    );
    s.add(rect(x, roofY, w, 16, dark(c, 0.12)), circle(x + w / 2, roofY - 30, 14, dark(c, 0.1)));
    s.add(rect(x + w - 40, roofY - 70, 22, 50, "#a25a45"), rect(x + w - 44, roofY - 76, 30, 8, "#8a4a39"));
    // Upper windows.
    s.add(rrect(x + 40, roofY + 40, 50, 90, 22, "#5d6c7a"), rrect(x + 120, roofY + 40, 50, 90, 22, "#5d6c7a"));
    // Verandah with iron lace.
    const vy = roofY + 160;
    s.add(rect(x, vy, w, 16, "#3d4349"));
    for (let lx = x + 8; lx < x + w - 8; lx += 18)
      s.add(circle(lx + 9, vy + 30, 8, "none", `stroke="#3d4349" stroke-width="2.5"`));
    s.add(rect(x + 4, vy, 8, ground - vy, "#3d4349"), rect(x + w - 12, vy, 8, ground - vy, "#3d4349"));
    s.add(
      rect(x + 40, vy + 60, 56, ground - vy - 60, pick(rng, ["#7a2e3a", "#2f5d62", "#2b2b2b", "#3d5a80"])),
      circle(x + 86, vy + 120, 3, "#d9b45a"),
    );
    s.add(rrect(x + 120, vy + 60, 60, 80, 4, "#5d6c7a"));
    // Picket fence.
    for (let fx = x; fx < x + w; fx += 14)
      s.add(path(`M${f(fx)} ${ground + 40} V${ground - 4} l4 -8 l4 8 V${ground + 40} Z`, "#f4f1ea"));
    x += w;
  }
  s.add(rect(0, ground + 40, W, H - ground - 40, "#b4aea5"), rect(0, ground + 40, W, 6, "#8f8a83"));
  // Street trees.
  const greens = ["#5f8a4e", "#4e7a45", "#79a05b", "#3f6b3f", "#8fb36b"];
  for (const tx of [260, 780]) {
    s.add(rect(tx - 8, 300, 16, 330, "#5b4636"));
    for (let i = 0; i < 14; i++)
      s.add(circle(tx + rnd(rng, -110, 110), 280 + rnd(rng, -90, 60), rnd(rng, 40, 70), pick(rng, greens)));
  }
  return finish(room, false);
}

function blogMovingDay(seed: number): string {
  const room = makeRoom(seed, 1200, 630, 470);
  const { s, rng, pal, floorY } = room;
  wallAndFloor(room, { feature: null });
  windowWithView(room, 760, 70, 300, 300, "skyline");
  sunPatch(room, 760, 300);
  // Stacked boxes.
  const box = (x: number, y: number, w: number, h: number) => {
    s.add(
      rect(x, y, w, h, "#c89b6a"),
      rect(x, y, w, 16, "#b5885a"),
      rect(x + w / 2 - 14, y, 28, h * 0.35, "#e2c79f", `opacity="0.8"`),
    );
    s.add(rect(x + 16, y + h * 0.5, w * 0.4, 18, "#f6f0e4"));
  };
  s.add(shadow(300, floorY + 140, 260, 16, 0.3));
  box(110, floorY - 10, 200, 150);
  box(320, floorY + 20, 180, 130);
  box(140, floorY - 150, 170, 140);
  box(360, floorY - 90, 130, 110);
  // Keys on a tag and a rolled rug.
  s.add(rrect(520, floorY + 60, 260, 50, 25, pal.rug2), ellipse(520, floorY + 85, 20, 25, dark(pal.rug2, 0.2)));
  plant(room, 1120, floorY + 130, 0.9, "fiddle");
  s.add(
    circle(930, floorY + 110, 16, "none", `stroke="#c9a45c" stroke-width="5"`),
    rect(940, floorY + 106, 60, 10, "#c9a45c"),
    rect(985, floorY + 116, 6, 10, "#c9a45c"),
  );
  s.add(rrect(880, floorY + 88, 30, 40, 6, pal.accent));
  pendant(room, 460, 30, false);
  if (chance(rng, 0.5)) art(room, 360, 90, 200, 140);
  return finish(room, false);
}

function blogDesk(seed: number): string {
  const room = makeRoom(seed, 1200, 630, 630);
  const { s, rng, pal, W, H } = room;
  // Top-down view of a desk.
  s.add(rect(0, 0, W, H, pal.wood));
  for (let y = 0; y < H; y += 70) s.add(rect(0, y, W, 2, dark(pal.wood, 0.15)));
  for (let i = 0; i < 40; i++)
    s.add(
      path(
        `M${f(rnd(rng, 0, W))} ${f(rnd(rng, 0, H))} q 60 ${f(rnd(rng, -6, 6))} 140 0`,
        "none",
        `stroke="${dark(pal.wood, 0.08)}" stroke-width="2"`,
      ),
    );
  // Laptop.
  s.add(rect(420 + 10, 40 + 14, 420, 370, "#000000", `opacity="0.18" filter="url(#blur4)"`));
  s.add(
    rrect(420, 40, 420, 90, 14, "#3a3d42"),
    rrect(
      436,
      52,
      388,
      70,
      6,
      s.linear([
        [0, "#9fb7d1"],
        [1, "#5d7a9c"],
      ]),
    ),
  );
  s.add(rrect(420, 120, 420, 290, 18, "#c8ccd2"), rrect(440, 140, 380, 180, 8, "#9aa0a6"));
  for (let r = 0; r < 5; r++)
    for (let c = 0; c < 12; c++) s.add(rrect(450 + c * 30, 150 + r * 32, 26, 26, 4, "#e5e8eb"));
  s.add(rrect(570, 340, 120, 60, 8, "#b9bec4"));
  // Lease document with a pen.
  s.add(
    `<g transform="rotate(-8 230 330)">${rect(130, 180, 210, 290, "#fdfcf8")}${Array.from({ length: 11 }, (_, i) => rect(150, 214 + i * 20, i % 4 === 3 ? 100 : 170, 5, "#c8ccd2")).join("")}${rect(150, 196, 120, 8, pal.accent)}</g>`,
  );
  s.add(
    `<g transform="rotate(30 330 450)">${rrect(250, 445, 170, 12, 6, "#2b2b2b")}${rect(250, 445, 26, 12, pal.metal)}</g>`,
  );
  // Coffee cup and saucer.
  s.add(
    circle(975, 160, 72, "#000000", `opacity="0.15" filter="url(#blur4)"`),
    circle(970, 150, 70, "#fdfcf8"),
    circle(970, 150, 44, "#f0ece4"),
    circle(970, 150, 36, "#6b4226"),
    ellipse(960, 140, 12, 6, "#c9a27e", `opacity="0.7"`),
    rrect(1030, 140, 40, 18, 9, "#fdfcf8"),
  );
  // Keys.
  s.add(
    circle(990, 430, 22, "none", `stroke="${pal.metal}" stroke-width="6"`),
    rrect(1008, 424, 90, 14, 4, "#b8bcc0"),
    rrect(960, 460, 40, 50, 8, pal.accent2),
  );
  // Plant in a pot seen from above.
  const greens = ["#4f7d4a", "#3f6b3f", "#6a9a58", "#5a8c4f"];
  s.add(circle(140, 520, 80, "#e9e4da"));
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2;
    s.add(
      ellipse(
        140 + Math.cos(a) * 50,
        520 + Math.sin(a) * 50,
        46,
        20,
        pick(rng, greens),
        `transform="rotate(${f((a * 180) / Math.PI)} ${f(140 + Math.cos(a) * 50)} ${f(520 + Math.sin(a) * 50)})"`,
      ),
    );
  }
  // Notebook and a map.
  s.add(
    `<g transform="rotate(6 700 520)">${rrect(560, 450, 260, 170, 8, pal.fabric)}${rect(560, 450, 22, 170, dark(pal.fabric, 0.2))}</g>`,
  );
  s.add(
    `<g transform="rotate(-4 120 120)">${rect(20, 20, 230, 150, "#f1ead8")}${path("M20 90 Q 90 60 140 100 T 250 80", "none", `stroke="#7fb3d5" stroke-width="10"`)}${line(60, 20, 90, 170, "#e0c9a0", 4)}${line(20, 130, 250, 120, "#e0c9a0", 4)}${circle(150, 70, 8, "#c5533b")}</g>`,
  );
  return finish(room, false);
}

// ---------------------------------------------------------------------------------------------
// The catalogue of images
// ---------------------------------------------------------------------------------------------

interface Job {
  name: string;
  dir: string;
  width: number;
  height: number;
  smallWidth: number;
  svg: () => string;
}

const ROOM_JOBS: [string, () => string][] = [
  ["room-01", () => bedroomScene(101, "skyline")],
  ["room-02", () => bedroomScene(202, "laneway")],
  ["room-03", () => lounge(303, "skyline")],
  ["room-04", () => kitchen(404, "laneway")],
  ["room-05", () => bedroomScene(505, "leafy")],
  ["room-06", () => bathroom(606, "skyline")],
  ["room-07", () => bedroomScene(707, "skyline")],
  ["room-08", () => balcony(808)],
  ["room-09", () => lounge(909, "leafy")],
  ["room-10", () => bedroomScene(1010, "laneway")],
  ["room-11", () => kitchen(1111, "skyline")],
  ["room-12", () => bedroomScene(1212, "leafy")],
  ["room-13", () => bathroom(1313, "leafy")],
  ["room-14", () => bedroomScene(1414, "skyline")],
  ["room-15", () => lounge(1515, "laneway")],
  ["room-16", () => balcony(1616)],
  ["room-17", () => bedroomScene(1717, "leafy")],
  ["room-18", () => kitchen(1818, "leafy")],
  ["room-19", () => bedroomScene(1919, "skyline")],
  ["room-20", () => lounge(2020, "skyline")],
  ["room-21", () => bedroomScene(2121, "laneway")],
  ["room-22", () => bathroom(2222, "skyline")],
  ["room-23", () => balcony(2323)],
  ["room-24", () => bedroomScene(2424, "leafy")],
];

const BLOG_JOBS: [string, () => string][] = [
  ["blog-skyline-river", () => blogSkylineRiver(31)],
  ["blog-tram", () => blogTram(32)],
  ["blog-laneway", () => blogLaneway(33)],
  ["blog-terraces", () => blogTerraces(34)],
  ["blog-moving-day", () => blogMovingDay(35)],
  ["blog-desk", () => blogDesk(36)],
];

const jobs: Job[] = [
  ...ROOM_JOBS.map(([name, svg]) => ({ name, dir: OUT_ROOMS, width: 1200, height: 800, smallWidth: 480, svg })),
  ...BLOG_JOBS.map(([name, svg]) => ({ name, dir: OUT_BLOG, width: 1200, height: 630, smallWidth: 600, svg })),
];

const MIN_BYTES = 20_000;
const MAX_BYTES = 60_000;

/** Encodes to WebP, nudging the quality so the full-size file lands in the target range. */
async function encode(png: Buffer): Promise<{ data: Buffer; quality: number }> {
  let quality = 82;
  let data = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
  while (data.length > MAX_BYTES && quality > 50) {
    quality -= 6;
    data = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
  }
  while (data.length < MIN_BYTES && quality < 96) {
    quality += 4;
    data = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
  }
  return { data, quality };
}

/** `room-01-800.3f9a1c2b7d.webp`: a new name whenever the content changes, so it can be cached for good. */
function hashedName(name: string, width: number, data: Buffer): string {
  return `${name}-${width}.${createHash("sha256").update(data).digest("hex").slice(0, 10)}.webp`;
}

async function main() {
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
  const writeSvg = process.argv.includes("--svg");
  await mkdir(OUT_ROOMS, { recursive: true });
  await mkdir(OUT_BLOG, { recursive: true });
  const roomFiles: Record<string, Record<number, string>> = only.length > 0
    ? structuredClone((await import("../scripts/seed/demo-photo-files")).DEMO_ROOM_PHOTO_FILES)
    : {};
  let total = 0;
  for (const job of jobs) {
    if (only.length > 0 && !only.includes(job.name)) continue;
    const svg = job.svg();
    if (writeSvg) await writeFile(join(job.dir, `${job.name}.svg`), svg);
    const png = await sharp(Buffer.from(svg), { density: 72 }).resize(job.width, job.height).png().toBuffer();
    const full = await encode(png);
    const resized = (width: number) =>
      sharp(png)
        .resize(width, Math.round((width * job.height) / job.width))
        .webp({ quality: 78, effort: 6 })
        .toBuffer();
    if (job.dir === OUT_ROOMS) {
      for (const file of await readdir(OUT_ROOMS))
        if (file.startsWith(`${job.name}-`) || file === `${job.name}.webp`) await rm(join(OUT_ROOMS, file));
      const files: Record<number, string> = {};
      for (const [width, data] of [
        ...(await Promise.all(ROOM_WIDTHS.map(async (width) => [width, await resized(width)] as const))),
        [job.width, full.data] as const,
      ]) {
        const file = hashedName(job.name, width, data);
        await writeFile(join(OUT_ROOMS, file), data);
        files[width] = `/demo/rooms/${file}`;
        total += data.length;
      }
      roomFiles[job.name] = files;
      console.log(`${job.name}: ${(full.data.length / 1024).toFixed(1)} KB (q${full.quality})`);
      continue;
    }
    const small = await resized(job.smallWidth);
    await writeFile(join(job.dir, `${job.name}.webp`), full.data);
    await writeFile(join(job.dir, `${job.name}-${job.smallWidth}.webp`), small);
    total += full.data.length + small.length;
    console.log(
      `${job.name}: ${(full.data.length / 1024).toFixed(1)} KB (q${full.quality}), ${job.smallWidth}w ${(small.length / 1024).toFixed(1)} KB`,
    );
  }
  await writeFile(
    ROOM_FILES_MODULE,
    `// Written by tools/generate-demo-photos.ts: each demo room photo's files by width, named by content.\n` +
      `export const DEMO_ROOM_PHOTO_FILES: Record<string, Record<number, string>> = ${JSON.stringify(roomFiles, null, 2)};\n`,
  );
  console.log(`total ${(total / 1024).toFixed(0)} KB`);
}

await main();
