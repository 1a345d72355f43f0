export * from "./api/index.js";
export * from "./domain/access.js";
export * from "./domain/constants.js";
export * from "./domain/filter.js";
export * from "./domain/search.js";
export * from "./domain/tags.js";
export * from "./domain/validation.js";
export * from "./domain/integrations.js";
