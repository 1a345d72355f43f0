// /map: the signed-in user's memos with a place, on a map (Leaflet, loaded with this page only) and in a list
// beside it, which stays useful when no tile server answers. `?lat=&lng=` focuses a place (a card's place chip).
import { locationLabel } from "@memos/common/domain/memo-location";
import { MapPin } from "lucide-react";
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AppShell } from "../components/layout/AppShell";
import { withAllStrings } from "../i18n";
import { Sidebar } from "../components/Sidebar/Sidebar";
import { useMemoPlaces } from "../queries/places";
import { useStatus } from "../queries/session";

const PlacesMap = lazy(withAllStrings(() => import("../components/Place/PlacesMap")));

const DEFAULT_TILES = { url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" };

function focusOf(params: URLSearchParams) {
  const latitude = Number(params.get("lat"));
  const longitude = Number(params.get("lng"));
  if (!params.has("lat") || !params.has("lng") || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { latitude, longitude };
}

export default function MapPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data: status } = useStatus();
  const places = useMemoPlaces();
  const focus = useMemo(() => focusOf(params), [params]);
  const list = places.data?.places ?? [];
  const tiles = status?.mapTiles ?? DEFAULT_TILES;
  return (
    <AppShell sidebar={<Sidebar />} title={t("map.title")} search={false}>
      <section className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-3 dark:border-zinc-700 dark:bg-zinc-800">
        <Suspense fallback={<div className="h-[60vh] min-h-72 w-full rounded-xl bg-zinc-100 dark:bg-zinc-900" />}>
          {places.data ? <PlacesMap places={list} tiles={tiles} focus={focus} /> : null}
        </Suspense>
        <h2 className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("map.list", { count: list.length })}</h2>
        {places.isError ? <p className="text-sm text-red-600 dark:text-red-400">{t("map.failed")}</p> : null}
        {places.data && list.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("map.empty")}</p> : null}
        <ul className="flex flex-col divide-y divide-zinc-100 dark:divide-zinc-700" data-testid="places-list">
          {list.map((place) => (
            <li key={place.id}>
              <Link
                to={`/m/${place.id}`}
                className="flex items-start gap-2 rounded-lg px-2 py-2 hover:bg-zinc-50 dark:hover:bg-zinc-700/50"
              >
                <MapPin className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-zinc-800 dark:text-zinc-100">
                    {locationLabel(place.location)}
                  </span>
                  <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">{place.snippet}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {places.data?.more ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("map.more")}</p> : null}
      </section>
    </AppShell>
  );
}
