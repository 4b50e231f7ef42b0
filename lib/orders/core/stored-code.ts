// One delivered code as the shop keeps it (encrypted at rest, docs/money-rules.md#m6).
export type StoredCode = { code: string; denomination: string; currency?: string };
