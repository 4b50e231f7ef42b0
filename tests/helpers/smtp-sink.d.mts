// Types for smtp-sink.mjs (plain JavaScript so the end-to-end server script can run it too).
export type SinkMessage = {
  messageId: string | null;
  from: string;
  to: string[];
  subject: string;
  date: string;
  contentType: string;
  text: string;
  html: string;
  raw: string;
};

export type SmtpSink = {
  port: number;
  url: string;
  messages: SinkMessage[];
  refuseNext(n: number): void;
  stallNext(n: number): void;
  rejectRecipients(predicate: (address: string) => boolean): void;
  dataAttempts(): number;
  waitFor(count: number): Promise<SinkMessage[]>;
  close(): Promise<void>;
};

export function startSmtpSink(opts?: {
  port?: number;
  dir?: string;
  auth?: { user: string; pass: string };
}): Promise<SmtpSink>;
