// An account's preferences as v1 UserSettings. GENERAL is our language, appearance and default visibility; v1 names
// the appearance a theme, of which ours are three.
import type { Appearance } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { UserSettings } from "../../store/sql/settings.js";
import { UserSetting_Key, type UserSettingSchema } from "../gen/memos/api/v1/user_service_pb.js";
import { userSettingName } from "../names.js";

/** Our appearances by the names of memos' themes; its other themes (`paper`) have no counterpart here. */
export const THEMES: Readonly<Record<Appearance, string>> = { system: "system", light: "default", dark: "default-dark" };

export function presentGeneralSetting(username: string, settings: UserSettings): MessageInitShape<typeof UserSettingSchema> {
  return {
    name: userSettingName(username, UserSetting_Key[UserSetting_Key.GENERAL]),
    value: {
      case: "generalSetting",
      value: { locale: settings.locale, memoVisibility: settings.memoVisibility, theme: THEMES[settings.appearance] },
    },
  };
}
