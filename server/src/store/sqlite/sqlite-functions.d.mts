import type SQLite from "better-sqlite3";

export function registerSqlFunctions(sqlite: SQLite.Database): void;
export function statementCache(sqlite: SQLite.Database, limit?: number): (sql: string) => SQLite.Statement;
export function foldCase(text: string): string;
