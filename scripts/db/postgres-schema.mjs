// The PostgreSQL schema is generated from prisma/schema.prisma (the one source of truth):
// Prisma needs one schema file per provider, and with the JS engine one generated client per
// provider. Only the datasource, the client's output folder and PostgreSQL-only indexes differ.
// `node scripts/db/postgres-schema.mjs` rewrites prisma/postgresql/schema.prisma; a test fails
// when the committed file drifts from what this produces.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const sqliteSchemaPath = path.join(root, "prisma", "schema.prisma");
export const postgresSchemaPath = path.join(root, "prisma", "postgresql", "schema.prisma");

/** Where the PostgreSQL client is generated (the SQLite one stays in @prisma/client's default). */
export const postgresClientOutput = "../../node_modules/prisma-client-pg";

/** Indexes only PostgreSQL can build, per model. */
const postgresOnlyIndexes = {
  // Trigram index: catalog search is `searchText LIKE '%q%'`, which a B-tree cannot serve.
  Product: ['@@index([searchText(ops: raw("gin_trgm_ops"))], type: Gin, map: "Product_searchText_trgm_idx")'],
};

const header = `// GENERATED from prisma/schema.prisma by scripts/db/postgres-schema.mjs: do not edit.
// Change prisma/schema.prisma, then run \`npm run db:migration -- <name>\`.
`;

function replaceBlock(text, name, body) {
  const re = new RegExp(`^${name} \\{[^}]*\\}`, "m");
  if (!re.test(text)) throw new Error(`schema.prisma: no "${name}" block`);
  return text.replace(re, body);
}

/** The PostgreSQL schema text for a SQLite schema text. */
export function toPostgresSchema(sqlite) {
  let text = replaceBlock(
    sqlite,
    "generator client",
    `generator client {
  provider        = "prisma-client-js"
  engineType      = "client"
  previewFeatures = ["postgresqlExtensions"]
  output          = "${postgresClientOutput}"
}`,
  );
  // The URL here only satisfies the CLI; the connection always comes from DATABASE_URL.
  text = replaceBlock(
    text,
    "datasource db",
    `datasource db {
  provider   = "postgresql"
  url        = "postgresql://localhost:5432/shop"
  extensions = [pg_trgm]
}`,
  );
  for (const [model, lines] of Object.entries(postgresOnlyIndexes)) {
    const re = new RegExp(`^(model ${model} \\{[^}]*?)(\\n\\})`, "m");
    if (!re.test(text)) throw new Error(`schema.prisma: no model ${model}`);
    text = text.replace(
      re,
      (_m, body, end) => `${body}\n  // PostgreSQL only\n${lines.map((l) => `  ${l}`).join("\n")}${end}`,
    );
  }
  if (/sqlite/i.test(text.replace(/^\/\/.*$/gm, "").replace(/^\/\/\/.*$/gm, "")))
    throw new Error("schema.prisma: SQLite-only syntax left over");
  return header + text;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = toPostgresSchema(fs.readFileSync(sqliteSchemaPath, "utf8"));
  fs.mkdirSync(path.dirname(postgresSchemaPath), { recursive: true });
  fs.writeFileSync(postgresSchemaPath, out);
  console.log(`wrote ${path.relative(root, postgresSchemaPath)}`);
}
