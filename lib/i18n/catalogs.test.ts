// Every shipped catalog holds exactly English's keys (a missing or an extra key fails here, not
// on a shopper's screen), every message parses as ICU in its language, and a translation uses
// only the arguments its English message is given.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { locales } from "./locales";
import { messagesFor, rawCatalogs, type Messages } from "./messages";

function leaves(messages: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if ("value" in el && typeof el.value === "string") into.add(el.value);
    if ("options" in el)
      for (const option of Object.values(el.options))
        argumentsOf((option as { value: MessageFormatElement[] }).value, into);
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return into;
}

const catalogs = rawCatalogs();
const english = leaves(catalogs.en);

describe("message catalogs", () => {
  it.each(locales.filter((l) => l !== "en"))("%s has exactly English's keys, none missing, none extra", (locale) => {
    const keys = [...leaves(catalogs[locale]).keys()].sort();
    expect(keys).toEqual([...english.keys()].sort());
  });

  it.each(locales)("every %s message parses as ICU and uses only its English message's arguments", (locale) => {
    for (const [key, message] of leaves(catalogs[locale])) {
      let elements: MessageFormatElement[] = [];
      expect(() => (elements = parse(message)), `${locale}: ${key}`).not.toThrow();
      const allowed = argumentsOf(parse(english.get(key) ?? ""));
      for (const arg of argumentsOf(elements)) expect(allowed, `${locale}: ${key} uses {${arg}}`).toContain(arg);
    }
  });

  it("reads a message a catalog lacks in English (the catalogs merged over English)", () => {
    const merged = messagesFor("id");
    expect(leaves(merged as Messages).size).toBe(english.size);
  });
});
