export * from "./entities.js";
export * from "./activity-entities.js";
export * from "./reasons.js";
export * from "./queries.js";
export * from "./requests.js";
export * from "./route.js";
export * from "./routes/index.js";
