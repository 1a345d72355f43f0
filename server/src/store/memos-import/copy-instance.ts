// memos' instance settings as ours: sign-up, password sign-in, the page's own style and script, the profile; where
// new uploads go is our start-up option, so memos' STORAGE setting is told, not copied.
import type { InstanceSettingName } from "@memos/common";
import type { Db } from "../db.js";
import { allRows, type ConversionTally, jsonObject, type Source, textOf } from "./source.js";

export async function copyInstanceSettings(tx: Db, source: Source, tally: ConversionTally): Promise<Record<string, unknown>> {
  const rows = await allRows<{ name: string; value: unknown }>(source, "system_setting");
  const setting = (name: string) => jsonObject(rows.find((row) => row.name === name)?.value);
  const general = setting("GENERAL");
  const profile = jsonObject(general.customProfile);
  const ours: Array<[InstanceSettingName, unknown]> = [
    ["allowSignUp", general.disallowUserRegistration !== true],
    ["disablePasswordSignIn", general.disallowPasswordAuth === true],
  ];
  if (textOf(general.additionalStyle) !== "") ours.push(["additionalStyle", textOf(general.additionalStyle)]);
  if (textOf(general.additionalScript) !== "") ours.push(["additionalScript", textOf(general.additionalScript)]);
  const named = { name: textOf(profile.title), description: textOf(profile.description), logoUrl: textOf(profile.logoUrl) };
  const filled = Object.fromEntries(Object.entries(named).filter(([, value]) => value !== ""));
  if (Object.keys(filled).length > 0) ours.push(["customizedProfile", filled]);
  for (const [name, value] of ours) {
    await tx
      .insertInto("system_setting")
      .values({ name, value: JSON.stringify(value), description: "" })
      .execute();
    tally.add("instance settings");
  }
  const storage = setting("STORAGE");
  const kind = textOf(storage.storageType) || "DATABASE";
  tally.leave(
    `memos' storage setting (${kind}${kind === "LOCAL" ? `, ${textOf(storage.filepathTemplate) || "assets/…"}` : ""}): where new uploads go is our --storage option (db or local); files already stored stay where they are`,
  );
  const unread = rows.map((row) => row.name).filter((name) => !["BASIC", "GENERAL", "STORAGE"].includes(name));
  if (unread.length > 0) tally.leave(`instance settings we have no match for: ${unread.join(", ")}`);
  return storage;
}
