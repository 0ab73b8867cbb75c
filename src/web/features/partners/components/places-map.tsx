import { geoCircle, geoMercator, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth land at 1:50m from the world-atlas package: drawn here, no tile server (decision 105)
import landTopo from 'world-atlas/land-50m.json';

export interface MapPin {
  id: string;
  lat: number;
  lng: number;
  name: string;
  /** "3.2 km away", or the place. */
  note: string;
  /** Where the marker leads; none for the one professional a profile page is about. */
  href?: string;
}

/** Markers lead to profiles from directory results: counted as clicks from "Find a professional". */
const VIA = { via: 'directory' };
const W = 800;
const H = 400;
const KM_PER_DEGREE = 111.195;

const topo = landTopo as unknown as Topology<{ land: GeometryCollection }>;
const land = feature(topo, topo.objects.land);

/** Pins at one point (professionals in one city share their city's point) become one marker. */
function groupPins(pins: MapPin[]) {
  const groups = new Map<string, MapPin[]>();
  for (const p of pins) {
    const key = `${p.lat.toFixed(3)},${p.lng.toFixed(3)}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups.values()];
}

/**
 * A map drawn in the page: land outlines projected with d3-geo, the search radius as a circle and a
 * marker per place. Markers are links or buttons in tab order; the same professionals are in the list
 * beside the map, which is the equivalent for anyone not using it.
 */
export default function PlacesMap({ pins, centre, label }: { pins: MapPin[]; centre?: { lat: number; lng: number; radiusKm: number } | null; label: string }) {
  const id = useId();
  const [openGroup, setOpenGroup] = useState<number | null>(null);
  const { landPath, circlePath, markers } = useMemo(() => {
    const circle = centre
      ? geoCircle()
          .center([centre.lng, centre.lat])
          .radius(centre.radiusKm / KM_PER_DEGREE)()
      : null;
    const points = pins.map((p) => [p.lng, p.lat] as [number, number]);
    const spread = points.length > 1 && points.some((pt) => pt[0] !== points[0][0] || pt[1] !== points[0][1]);
    // the area to show: the search circle, else the pins, else 120 km around the one place (coastlines for context)
    const extent: GeoPermissibleObjects =
      circle ??
      (spread
        ? { type: 'MultiPoint', coordinates: points }
        : geoCircle()
            .center(points[0] ?? [0, 20])
            .radius(points[0] ? 120 / KM_PER_DEGREE : 60)());
    const projection = geoMercator().fitExtent(
      [
        [28, 28],
        [W - 28, H - 28],
      ],
      extent,
    );
    const path = geoPath(projection);
    return {
      landPath: path(land) ?? '',
      circlePath: circle ? (path(circle) ?? '') : '',
      markers: groupPins(pins).map((group) => {
        const [x, y] = projection([group[0].lng, group[0].lat]) ?? [W / 2, H / 2];
        return { group, left: (x / W) * 100, top: (y / H) * 100 };
      }),
    };
  }, [pins, centre]);

  return (
    <figure className="overflow-hidden rounded-3xl bg-sky-100 ring-1 ring-stone-200">
      <div className="relative" style={{ aspectRatio: `${W} / ${H}` }}>
        <svg viewBox={`0 0 ${W} ${H}`} className="absolute inset-0 h-full w-full" role="img" aria-labelledby={`${id}-cap`}>
          <path d={landPath} className="fill-stone-50 stroke-stone-400" strokeWidth={0.8} />
          {circlePath && <path d={circlePath} className="fill-brand-500/10 stroke-brand-500" strokeWidth={1.5} strokeDasharray="6 4" />}
        </svg>
        <ul aria-label={label}>
          {markers.map(({ group, left, top }, i) => {
            const single = group.length === 1 ? group[0] : null;
            const text = single ? `${single.name}, ${single.note}` : `${group.length} professionals here: ${group.map((p) => p.name).join(', ')}`;
            return (
              <li key={group[0].id} className="absolute -translate-x-1/2 -translate-y-full" style={{ left: `${left}%`, top: `${top}%` }}>
                {single?.href ? (
                  <Link
                    to={single.href}
                    state={VIA}
                    aria-label={text}
                    title={text}
                    data-testid="map-pin"
                    className="block rounded-full focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-300"
                  >
                    <PinShape />
                  </Link>
                ) : single ? (
                  <span role="img" aria-label={text} title={text} data-testid="map-pin" className="block">
                    <PinShape />
                  </span>
                ) : (
                  <>
                    <button
                      type="button"
                      aria-label={text}
                      title={text}
                      aria-expanded={openGroup === i}
                      data-testid="map-pin"
                      onClick={() => setOpenGroup(openGroup === i ? null : i)}
                      className="relative block rounded-full focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-300"
                    >
                      <PinShape />
                      <span className="absolute -right-2 -top-1 rounded-full bg-stone-900 px-1.5 text-[10px] font-bold leading-4 text-white">
                        {group.length}
                      </span>
                    </button>
                    {openGroup === i && (
                      <ul className="absolute left-1/2 z-20 mt-1 w-56 -translate-x-1/2 rounded-xl bg-white py-1 text-sm shadow-lg ring-1 ring-stone-200">
                        {group.map((p) => (
                          <li key={p.id}>
                            <Link
                              to={p.href ?? '#'}
                              state={VIA}
                              className="block px-3 py-1.5 text-stone-800 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none"
                            >
                              {p.name} <span className="text-stone-500">· {p.note}</span>
                            </Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      <figcaption id={`${id}-cap`} className="flex flex-wrap justify-between gap-2 bg-white px-4 py-2 text-xs text-stone-500">
        <span>{label}</span>
        <span>
          Outlines: Natural Earth · Places:{' '}
          <a href="https://www.geonames.org" target="_blank" rel="noopener noreferrer" className="underline">
            GeoNames
          </a>{' '}
          (CC BY 4.0)
        </span>
      </figcaption>
    </figure>
  );
}

function PinShape() {
  return (
    <svg viewBox="0 0 24 32" className="h-8 w-6 drop-shadow" aria-hidden>
      <path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" className="fill-brand-700" />
      <circle cx="12" cy="12" r="4.5" className="fill-white" />
    </svg>
  );
}
