// A session row as its owner sees it: the User-Agent read into browser, system and device (bowser); never the id
// (the hash of the cookie's token).
import { SESSION_DEVICE_TYPES, type Session } from "@memos/common";
import Bowser from "bowser";
import type { Selectable } from "kysely";
import type { SessionTable } from "../store/schema-sign-in.js";

type DeviceType = (typeof SESSION_DEVICE_TYPES)[number];

const isDeviceType = (value: string | undefined): value is DeviceType => SESSION_DEVICE_TYPES.includes(value as DeviceType);

const named = (name: string | undefined, version: string | undefined): string | null =>
  name ? (version ? `${name} ${version}` : name) : null;

function describeUserAgent(userAgent: string): Pick<Session, "browser" | "os" | "deviceType"> {
  if (userAgent.trim() === "") return { browser: null, os: null, deviceType: null };
  const { browser, os, platform } = Bowser.parse(userAgent);
  // The major version is enough to tell two browsers apart; the rest is noise in a list.
  const major = browser.version?.split(".")[0];
  return {
    browser: named(browser.name, major),
    os: named(os.name, os.versionName ?? os.version),
    deviceType: isDeviceType(platform.type) ? platform.type : null,
  };
}

export function presentSession(row: Selectable<SessionTable>, currentId: string | null): Session {
  return {
    id: row.public_id,
    current: row.id === currentId,
    ...describeUserAgent(row.user_agent),
    userAgent: row.user_agent,
    address: row.address,
    createdTs: Number(row.created_ts),
    lastActiveTs: Number(row.last_active_ts),
    expiresTs: Number(row.expires_ts),
  };
}
