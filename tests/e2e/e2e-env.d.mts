export declare const e2ePort: string;
export declare const e2eSmtpPort: string;
export declare const e2eMailDir: string;
export declare const e2eSecrets: {
  SANDBOX_API_KEY: string;
  UPSTREAM_WEBHOOK_SECRET: string;
  CODES_ENCRYPTION_KEY: string;
  NEXTAUTH_SECRET: string;
  METRICS_TOKEN: string;
};
export declare const e2eOwner: { email: string; password: string; totpSecret: string };
export declare const e2eEnv: Record<string, string>;
