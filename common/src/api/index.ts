export * from "./entities.js";
export * from "./requests.js";
