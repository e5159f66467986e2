// TypeScript declarations of every record type, from the shipped JSON Schemas.
//
//   node schema_typescript.mjs SCHEMA_DIR OUT_FILE
//
// Run by .ci/stages/60-typescript.sh with json-schema-to-typescript at the version pinned
// there (installed next to a copy of this file). Every schema is read from SCHEMA_DIR and
// bundled into one document first, so nothing is fetched.
import fs from "node:fs";
import path from "node:path";
import { compile } from "json-schema-to-typescript";

const [dir, out, version] = process.argv.slice(2);

// One document with every type under $defs and each $ref pointing inside it, so each type
// is declared once (a $ref to another file would be copied at every place it is used).
const defName = (file) => path.basename(file, ".schema.json").replace(/[^A-Za-z0-9]+/g, "_");
const inside = (node) => {
  if (Array.isArray(node)) return node.map(inside);
  if (node === null || typeof node !== "object") return node;
  if ("$ref" in node) {
    // Only the $ref: a description beside it would make the tool declare the type once more.
    return { $ref: node.$ref === "records.schema.json" ? "#" : `#/$defs/${defName(node.$ref)}` }; // any record: the root
  }
  const copy = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema" || key === "$id") continue;
    copy[key] = inside(value);
  }
  return copy;
};
const files = fs.readdirSync(dir).filter((name) => name.endsWith(".schema.json") && name !== "records.schema.json");
const any = JSON.parse(fs.readFileSync(path.join(dir, "records.schema.json"), "utf8"));
const schema = { ...inside(any), $defs: {} };
for (const name of files.sort()) {
  schema.$defs[defName(name)] = inside(JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")));
}
const banner = [
  "/* eslint-disable */",
  "/**",
  ` * Every tabletop_core record type, as TypeScript declarations: generated from the JSON`,
  ` * Schemas beside this file by json-schema-to-typescript ${version}. Do not edit by hand:`,
  " * regenerate with `bash .ci/stages/60-typescript.sh --write` (see CONTRIBUTING.md).",
  " */",
].join("\n");
const ts = await compile(schema, "Record", {
  bannerComment: banner,
  declareExternallyReferenced: true,
  additionalProperties: false,
  unreachableDefinitions: false,
  $refOptions: { resolve: { http: false, file: false } },
});
fs.writeFileSync(out, ts);
console.log(`wrote ${out}: ${ts.split("\n").length} lines`);
