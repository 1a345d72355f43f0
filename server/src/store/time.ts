/** Unix seconds, the unit of every timestamp column and of the wire. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
