export function documentPolicy(scriptSources: string): string;
