/** Copies static files and public/ into <distDir>/standalone; returns the server.js path. */
export declare function prepareStandalone(distDir?: string): string;
