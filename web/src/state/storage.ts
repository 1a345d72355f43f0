// localStorage that never throws: failures are only logged (docs/design.md#browser-storage).
export const storage = {
  get<T>(key: string, fallback: T): T {
    // No storage at all (a test file in Node's environment that shares the stores' modules): nothing to read.
    if (typeof localStorage === "undefined") return fallback;
    try {
      const raw = localStorage.getItem(key);
      return raw === null ? fallback : (JSON.parse(raw) as T);
    } catch (error) {
      console.error("storage read failed", key, error);
      return fallback;
    }
  },
  set(key: string, value: unknown): void {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch (error) {
      console.error("storage write failed", key, error);
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch (error) {
      console.error("storage remove failed", key, error);
    }
  },
};
