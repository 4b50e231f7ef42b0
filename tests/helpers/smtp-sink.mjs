// A real SMTP server for tests (the maintained smtp-server package), on 127.0.0.1: it accepts
// every message, parses it with mailparser and keeps it, in memory and, when `dir` is given, as
// one JSON file per message (the end-to-end specs read those). Behaviours for failure tests:
// refuse the next N messages with 451, stall the next N (never answer), reject recipients with 550.
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** Starts the sink; `port` 0 picks a free one. */
export async function startSmtpSink({ port = 0, dir, auth } = {}) {
  const messages = [];
  const waiters = [];
  const state = { refuse: 0, stall: 0, rejectRecipient: () => false, dataAttempts: 0 };
  const server = new SMTPServer({
    logger: false,
    secure: false,
    disableReverseLookup: true,
    disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !auth,
    allowInsecureAuth: true,
    size: 10 * 1024 * 1024,
    onAuth(credentials, _session, callback) {
      if (auth && credentials.username === auth.user && credentials.password === auth.pass)
        return callback(null, { user: credentials.username });
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (state.rejectRecipient(address.address))
        return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        state.dataAttempts++;
        if (state.refuse > 0) {
          state.refuse--;
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        }
        // A stalled message is never answered, so never accepted: the client gives up.
        if (state.stall > 0) return void state.stall--;
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((parsed) => {
          const message = toMessage(parsed, session.envelope, raw);
          messages.push(message);
          if (dir) writeMessage(dir, messages.length, message);
          callback(null, "Queued");
          for (const w of waiters.splice(0)) w();
        }, callback);
      });
    },
  });
  server.on("error", () => {}); // a client that vanishes mid-session is not the test's failure
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = server.server.address().port;
  return {
    port: actualPort,
    url: auth
      ? `smtp://${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@127.0.0.1:${actualPort}`
      : `smtp://127.0.0.1:${actualPort}`,
    messages,
    refuseNext(n) {
      state.refuse = n;
    },
    stallNext(n) {
      state.stall = n;
    },
    rejectRecipients(predicate) {
      state.rejectRecipient = predicate;
    },
    /** DATA commands completed (accepted, refused or stalled). */
    dataAttempts: () => state.dataAttempts,
    /** Resolves once `count` messages have been accepted. */
    waitFor(count) {
      return new Promise((resolve) => {
        const check = () => (messages.length >= count ? resolve(messages.slice()) : waiters.push(check));
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function toMessage(parsed, envelope, raw) {
  return {
    messageId: parsed.messageId ?? null,
    from: parsed.from?.text ?? "",
    to: envelope.rcptTo.map((r) => r.address),
    subject: parsed.subject ?? "",
    date: (parsed.date ?? new Date()).toISOString(),
    contentType: String(parsed.headers.get("content-type")?.value ?? ""),
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    raw: raw.toString("utf8"),
  };
}

function writeMessage(dir, n, message) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${String(n).padStart(5, "0")}.json`);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(message));
  fs.renameSync(`${file}.tmp`, file); // readers never see half a file
}
