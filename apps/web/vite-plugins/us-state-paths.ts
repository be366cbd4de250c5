import { createRequire } from 'node:module';
import type { GeoContext } from 'd3-geo';
import type * as TopojsonClient from 'topojson-client';
import type { Plugin } from 'vite';

/**
 * `virtual:us-state-paths`: the 50 states and DC as SVG path strings, drawn at build time from
 * the U.S. Census Bureau's cartographic boundaries (us-atlas, states-10m.json) in d3-geo's
 * Albers USA projection (Alaska and Hawaii as insets), fitted to a fixed viewBox. The
 * browser receives paths, never the atlas or d3 (the landing page's market map, issue 20).
 *
 * The unprojected atlas, not us-atlas's states-albers-10m.json: that one is drawn for a
 * 975 × 610 canvas with Albers USA's default scale, so fitting it to a viewBox of our own
 * (room for the map's callouts) would mean rescaling projected coordinates anyway.
 */
const US_STATE_PATHS_ID = 'virtual:us-state-paths';
/**
 * The same data as a module of its own, for a dynamic import: a bundler keeps a module that is
 * imported both statically and dynamically in the static importer's chunk (Rolldown's
 * INEFFECTIVE_DYNAMIC_IMPORT), even when the browser build drops the static import's only use.
 */
const US_STATE_PATHS_LAZY_ID = `${US_STATE_PATHS_ID}-lazy`;
const MODULE_IDS = new Set([US_STATE_PATHS_ID, US_STATE_PATHS_LAZY_ID]);

/** The viewBox the states are fitted to: Albers USA's own 975 × 610 less a margin. */
const WIDTH = 975;
const HEIGHT = 610;
/** On the right, room in the Atlantic for the small northeastern markets' callouts. */
const FIT_EXTENT: [[number, number], [number, number]] = [
  [8, 8],
  [WIDTH - 48, HEIGHT - 8],
];
/**
 * Douglas–Peucker tolerance in viewBox units (0.7 is about half a CSS pixel at the map's
 * widest, 768 px), and the smallest island kept (area in square units): the 10m atlas has more
 * detail than the map can show, and every point is bytes of the landing page's HTML.
 */
const TOLERANCE = 0.7;
const MIN_ISLAND_AREA = 4;

/** State FIPS code (the atlas's feature id) → USPS code; the territories are left out. */
const USPS_BY_FIPS: Record<string, string> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC',
  '12': 'FL', '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY',
  '22': 'LA', '23': 'ME', '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT',
  '31': 'NE', '32': 'NV', '33': 'NH', '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH',
  '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI', '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT',
  '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI', '56': 'WY',
};

interface UsStatePath {
  code: string;
  name: string;
  d: string;
}

interface UsStatePaths {
  viewBox: string;
  states: UsStatePath[];
}

export function usStatePaths(): Plugin {
  return {
    name: 'sunin-us-state-paths',
    resolveId: (id) => (MODULE_IDS.has(id) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith('\0') || !MODULE_IDS.has(id.slice(1))) return undefined;
      // Plain data: a build that imports the module and uses none of it leaves it out.
      return { code: `export default ${JSON.stringify(await getStatePaths())};\n`, moduleSideEffects: false };
    },
  };
}

let statePaths: Promise<UsStatePaths> | undefined;

/** Drawn once per process: scripts/build.mjs runs three builds, each with its own plugin. */
function getStatePaths(): Promise<UsStatePaths> {
  statePaths ??= drawStatePaths();
  return statePaths;
}

type Point = [number, number];
type Topology = Parameters<typeof TopojsonClient.feature>[0];
type StateFeatures = GeoJSON.FeatureCollection<GeoJSON.Polygon | GeoJSON.MultiPolygon, { name: string }>;

async function drawStatePaths(): Promise<UsStatePaths> {
  // Loaded here, not at the top: every Vite command reads this config, few load the module.
  const [{ geoAlbersUsa, geoPath }, { feature }] = await Promise.all([import('d3-geo'), import('topojson-client')]);
  const topology = decodeArcs(createRequire(import.meta.url)('us-atlas/states-10m.json') as Topology);
  const stateFeatures = () => feature(topology, topology.objects.states!) as StateFeatures;
  const features = stateFeatures().features.filter((state) => USPS_BY_FIPS[String(state.id)]);
  const projection = geoAlbersUsa().fitExtent(FIT_EXTENT, { type: 'FeatureCollection', features });

  // Simplified arc by arc, in projected units: a border two states share is one arc of the
  // topology, so both sides keep the same points and no gap or overlap opens between them.
  topology.arcs = topology.arcs.map((arc) => {
    const projected = arc.map((point) => projection(point as Point));
    if (projected.some((point) => point === null)) return arc;
    return keptPoints(projected as Point[], TOLERANCE).map((index) => arc[index]!);
  });

  const area = geoPath(projection).area;
  const states = stateFeatures().features.flatMap((state) => {
    const code = USPS_BY_FIPS[String(state.id)];
    if (!code) return [];
    const polygons = state.geometry.type === 'Polygon' ? [state.geometry.coordinates] : state.geometry.coordinates;
    // Islands too small to see go (the largest part of a state always stays); a hole is kept.
    const largest = Math.max(...polygons.map((rings) => area({ type: 'Polygon', coordinates: rings })));
    const kept = polygons.filter((rings) => {
      const polygonArea = area({ type: 'Polygon', coordinates: rings });
      return polygonArea === largest || polygonArea >= MIN_ISLAND_AREA;
    });
    const context = new RoundedPathContext();
    geoPath(projection, context)({ type: 'MultiPolygon', coordinates: kept });
    return [{ code, name: state.properties.name, d: context.toString() }];
  });

  const missing = Object.values(USPS_BY_FIPS).filter((code) => !states.some((state) => state.code === code));
  if (missing.length > 0) throw new Error(`us-atlas/states-10m.json has no shape for ${missing.join(', ')}.`);
  states.sort((a, b) => a.code.localeCompare(b.code));
  return { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, states };
}

/** The topology with absolute longitude/latitude arcs: simplification works on real points. */
function decodeArcs({ transform, ...topology }: Topology): Topology {
  if (!transform) return topology;
  const { scale, translate } = transform;
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx!;
      y += dy!;
      return [x * scale[0] + translate[0], y * scale[1] + translate[1]];
    });
  });
  return { ...topology, arcs };
}

/** Indices of the points Douglas–Peucker keeps at this tolerance; both ends always stay. */
function keptPoints(points: Point[], tolerance: number): number[] {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let farthestDistance = tolerance;
    for (let index = first + 1; index < last; index++) {
      const distance = segmentDistance(points[index]!, points[first]!, points[last]!);
      if (distance > farthestDistance) {
        farthest = index;
        farthestDistance = distance;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return [...keep.keys()].filter((index) => keep[index]);
}

function segmentDistance([x, y]: Point, [x1, y1]: Point, [x2, y2]: Point): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / length2));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
}

/**
 * A d3-geo path context that writes compact SVG path data: coordinates rounded to a tenth of a
 * unit, each ring an absolute moveto followed by relative linetos, a repeated point dropped and
 * a ring that rounds to fewer than three points left out.
 */
class RoundedPathContext implements GeoContext {
  private path = '';
  private ring: Point[] = [];

  beginPath(): void {}

  moveTo(x: number, y: number): void {
    this.flush();
    this.ring = [[Math.round(x * 10), Math.round(y * 10)]];
  }

  lineTo(x: number, y: number): void {
    const point: Point = [Math.round(x * 10), Math.round(y * 10)];
    const previous = this.ring[this.ring.length - 1];
    if (previous && previous[0] === point[0] && previous[1] === point[1]) return;
    this.ring.push(point);
  }

  closePath(): void {
    this.flush();
  }

  arc(): void {
    throw new Error('The state shapes have no points to draw as circles.');
  }

  toString(): string {
    this.flush();
    return this.path;
  }

  private flush(): void {
    const ring = this.ring;
    this.ring = [];
    const first = ring[0];
    const last = ring[ring.length - 1];
    if (first && last && first[0] === last[0] && first[1] === last[1]) ring.pop();
    if (ring.length < 3) return;
    let [x, y] = ring[0]!;
    this.path += `M${tenths(x)},${tenths(y)}`;
    for (const [nextX, nextY] of ring.slice(1)) {
      this.path += `l${tenths(nextX - x)},${tenths(nextY - y)}`;
      [x, y] = [nextX, nextY];
    }
    this.path += 'z';
  }
}

/** An integer count of tenths as the shortest decimal: 12 → "1.2", -5 → "-.5", 30 → "3". */
function tenths(value: number): string {
  const text = (value / 10).toString();
  return text.replace(/^(-?)0\./, '$1.');
}
