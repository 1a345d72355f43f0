// The map of the map page: Leaflet with clustered markers, loaded with this module only (the page is lazy, and this
// module is loaded by it on first use), tiles from the instance's mapTiles setting. A marker opens its memo; the
// place the address names (?lat=&lng=) is shown and focused.
import type { MemoPlace } from "@memos/common";
import type * as Leaflet from "leaflet";
import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import "leaflet.markercluster/dist/MarkerCluster.Default.css";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";

export interface PlacesMapProps {
  places: MemoPlace[];
  tiles: { url: string; attribution: string };
  /** The place the address names, shown close up; else every place fits the view. */
  focus: { latitude: number; longitude: number } | null;
}

/** Leaflet, and the cluster plugin (which extends the global `L` it expects). */
async function loadLeaflet(): Promise<typeof Leaflet> {
  const L = (await import("leaflet")).default;
  (globalThis as { L?: typeof Leaflet }).L = L;
  await import("leaflet.markercluster");
  return L;
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const PIN =
  '<span style="display:block;width:14px;height:14px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:#15803d;border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4)"></span>';

export default function PlacesMap({ places, tiles, focus }: PlacesMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    let map: Leaflet.Map | undefined;
    let cancelled = false;
    void loadLeaflet().then((L) => {
      if (cancelled || !element.current) return;
      map = L.map(element.current, { worldCopyJump: true });
      L.tileLayer(tiles.url, { attribution: escapeText(tiles.attribution), maxZoom: 19 }).addTo(map);
      const icon = L.divIcon({ html: PIN, className: "memo-place-marker", iconSize: [18, 18], iconAnchor: [9, 18] });
      const cluster = L.markerClusterGroup({ showCoverageOnHover: false });
      for (const place of places) {
        const { latitude, longitude, placeholder } = place.location;
        if (latitude === null || longitude === null) continue;
        const marker = L.marker([latitude, longitude], { icon, title: placeholder || place.snippet, alt: placeholder });
        marker.on("click", () => navigate(`/m/${place.id}`));
        cluster.addLayer(marker);
      }
      map.addLayer(cluster);
      const points = places.flatMap((place) =>
        place.location.latitude === null || place.location.longitude === null
          ? []
          : [[place.location.latitude, place.location.longitude] as [number, number]],
      );
      if (focus) map.setView([focus.latitude, focus.longitude], 14);
      else if (points.length > 0) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 14 });
      else map.setView([20, 0], 2);
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [places, tiles.url, tiles.attribution, focus, navigate]);
  return <div ref={element} data-testid="places-map" className="h-[60vh] min-h-72 w-full rounded-xl" />;
}
