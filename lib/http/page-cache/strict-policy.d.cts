export function hashPolicyFor(html: string): { html: string; hashes: string[]; refused: number };
export function cachedPagePolicy(hashes: string[]): string;
export function isFrameworkInline(body: string): boolean;
