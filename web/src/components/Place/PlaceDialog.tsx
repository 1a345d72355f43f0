// The editor's place form: a name, coordinates when known (typed, or the browser's own position), or no place.
// Loaded on first use (the editor's pin button).
import { INPUT_LIMITS } from "@memos/common/api/input-limits";
import { locationProblem, type MemoLocation } from "@memos/common/domain/memo-location";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";

export interface PlaceDialogProps {
  value: MemoLocation | null;
  onClose: () => void;
  /** The new place, or null for none. */
  onChange: (location: MemoLocation | null) => void;
}

const degrees = (text: string): number | null => (text.trim() === "" ? null : Number(text.trim().replace(",", ".")));

export default function PlaceDialog({ value, onClose, onChange }: PlaceDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(value?.placeholder ?? "");
  const [latitude, setLatitude] = useState(value?.latitude?.toString() ?? "");
  const [longitude, setLongitude] = useState(value?.longitude?.toString() ?? "");
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const location = { placeholder: name.trim(), latitude: degrees(latitude), longitude: degrees(longitude) };
  const numeric = [location.latitude, location.longitude].every((value) => value === null || Number.isFinite(value));
  const problem = numeric ? locationProblem(location) : { field: "latitude" as const, message: "" };
  const fieldError = (field: "placeholder" | "latitude" | "longitude") =>
    error !== null && problem?.field === field ? t(`place.problem.${field}`) : null;

  const locate = () => {
    if (!("geolocation" in navigator)) {
      setError(t("place.locate-unavailable"));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLatitude(position.coords.latitude.toFixed(5));
        setLongitude(position.coords.longitude.toFixed(5));
      },
      () => {
        setLocating(false);
        setError(t("place.locate-unavailable"));
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <FormDialog
      title={t("place.title")}
      onClose={onClose}
      submitLabel={t("place.set")}
      error={error !== null && problem === null ? error : null}
      onSubmit={() => {
        if (problem) {
          setError("");
          return;
        }
        onChange(location);
        onClose();
      }}
      extraAction={
        value ? (
          <Button
            variant="ghost"
            onClick={() => {
              onChange(null);
              onClose();
            }}
          >
            {t("place.remove")}
          </Button>
        ) : null
      }
    >
      <Field
        label={t("place.name")}
        value={name}
        onChange={setName}
        maxLength={INPUT_LIMITS.locationPlaceholder}
        error={fieldError("placeholder")}
        autoFocus
      />
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("place.latitude")} value={latitude} onChange={setLatitude} inputMode="decimal" error={fieldError("latitude")} />
        <Field label={t("place.longitude")} value={longitude} onChange={setLongitude} inputMode="decimal" error={fieldError("longitude")} />
      </div>
      <div>
        <Button onClick={locate} disabled={locating}>
          {t(locating ? "place.locating" : "place.locate")}
        </Button>
      </div>
    </FormDialog>
  );
}
