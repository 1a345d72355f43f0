// The JSON shapes of the v0 wire (reference §2), exactly as the server sends them.
import type { Role, RowStatus, Visibility } from "../domain/constants.js";

export interface UserSetting {
  UserID: number;
  key: string;
  /** A JSON-encoded string, e.g. "\"en\"". */
  value: string;
}

export interface User {
  id: number;
  rowStatus: RowStatus;
  createdTs: number;
  updatedTs: number;
  username: string;
  role: Role;
  email: string;
  nickname: string;
  openId: string;
  userSettingList: UserSetting[] | null;
}

export interface Resource {
  id: number;
  creatorId: number;
  createdTs: number;
  updatedTs: number;
  filename: string;
  externalLink: string;
  type: string;
  size: number;
  linkedMemoAmount: number;
}

export interface Memo {
  id: number;
  rowStatus: RowStatus;
  creatorId: number;
  createdTs: number;
  updatedTs: number;
  content: string;
  visibility: Visibility;
  pinned: boolean;
  displayTs: number;
  creator: User;
  resourceList: Resource[];
}

export interface Shortcut {
  id: number;
  rowStatus: RowStatus;
  creatorId: number;
  createdTs: number;
  updatedTs: number;
  title: string;
  /** JSON text of a Filter[] (see domain/filter.ts). */
  payload: string;
}

export interface SystemSetting {
  Name: string;
  Value: string;
  Description: string;
}

export interface Profile {
  mode: "prod" | "dev" | "demo";
  version: string;
}

export interface CustomizedProfile {
  name: string;
  logoUrl: string;
  description: string;
  locale: string;
  appearance: string;
  externalUrl: string;
}

export interface SystemStatus {
  host: User | null;
  profile: Profile;
  dbSize: number;
  allowSignUp: boolean;
  additionalStyle: string;
  additionalScript: string;
  customizedProfile: CustomizedProfile;
}

export interface DataEnvelope<T> {
  data: T;
}

export interface ErrorEnvelope {
  error: string;
  message: string;
}
