export function registry(): { invalidators: Set<(tags: string[]) => void> };
export function invalidateTags(tags: string[]): void;
