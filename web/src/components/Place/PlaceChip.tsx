// A memo's place on its card: a pin and the name (or the coordinates); with coordinates it opens the map there.
import { locationLabel, type MemoLocation } from "@memos/common/domain/memo-location";
import { MapPin, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const CHIP =
  "inline-flex max-w-full items-center gap-1 rounded-full border border-zinc-200 px-2 py-0.5 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-300";

/** The map's address focused on a place (MapPage reads it). */
const mapPath = (location: MemoLocation, memoId?: number) =>
  `/map?lat=${location.latitude}&lng=${location.longitude}${memoId === undefined ? "" : `&memo=${memoId}`}`;

/** `onClear`: the editor's chip, which removes the place instead of opening the map. */
export function PlaceChip({ location, memoId, onClear }: { location: MemoLocation; memoId?: number; onClear?: () => void }) {
  const { t } = useTranslation();
  const label = locationLabel(location);
  const body = (
    <>
      <MapPin className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{label}</span>
    </>
  );
  if (onClear)
    return (
      <span className={CHIP} data-testid="place-chip">
        {body}
        <button
          type="button"
          onClick={onClear}
          aria-label={t("place.remove")}
          className="rounded-full p-0.5 hover:bg-zinc-100 dark:hover:bg-zinc-700"
        >
          <X className="size-3" aria-hidden />
        </button>
      </span>
    );
  if (location.latitude === null)
    return (
      <span className={CHIP} data-testid="place-chip" title={t("place.title")}>
        {body}
      </span>
    );
  return (
    <Link
      to={mapPath(location, memoId)}
      className={`${CHIP} hover:bg-zinc-100 dark:hover:bg-zinc-700`}
      title={t("place.show-on-map")}
      data-testid="place-chip"
    >
      {body}
    </Link>
  );
}
