// A locale file imported as one part of its strings (web/vite/first-screen-strings.ts): the first screen's.
declare module "*.json?strings=first" {
  const strings: Record<string, unknown>;
  export default strings;
}
