// v1 resource names (`users/{username}`, `memos/{uid}`, `instance/settings/{KEY}`): made and read strictly, a name
// that does not parse being InvalidArgument naming its field.
import { invalidArgument } from "./transport/errors.js";

/** A uid a client may choose: 1 to 36 letters, digits and hyphens, no hyphen at either end (memos' rule). */
const UID = /^[a-zA-Z0-9]([a-zA-Z0-9-]{0,34}[a-zA-Z0-9])?$/;

export const isValidUid = (uid: string): boolean => UID.test(uid);

/** The single id segment after `prefix/`, or InvalidArgument naming `field`. */
function idOf(name: string, prefix: string, field: string): string {
  const id = name.startsWith(`${prefix}/`) ? name.slice(prefix.length + 1) : "";
  if (id === "" || id.includes("/")) throw invalidArgument(field, `expected ${prefix}/{id}, not ${JSON.stringify(name)}`);
  return id;
}

export const memoName = (uid: string) => `memos/${uid}`;
export const userName = (username: string) => `users/${username}`;
export const instanceSettingName = (key: string) => `instance/settings/${key}`;

export function memoUidOf(name: string, field = "name"): string {
  const uid = idOf(name, "memos", field);
  if (!isValidUid(uid)) throw invalidArgument(field, `${JSON.stringify(uid)} is not a memo uid`);
  return uid;
}

export const usernameOf = (name: string, field = "name"): string => idOf(name, "users", field);

export const instanceSettingKeyOf = (name: string, field = "name"): string => idOf(name, "instance/settings", field);
