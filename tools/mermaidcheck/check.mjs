// Parses every ```mermaid block of the Markdown files named on the command
// line with mermaid's own parser (run under jsdom, which gives it the DOM it
// expects), so the diagrams storygate writes into PR comments are checked by
// the reader GitHub uses, not by a hand-written approximation.
//
// Usage: node check.mjs FILE.md...   Exit 0: every block parses; 1: a block
// does not (its file, block number and mermaid's message are printed);
// 2: usage error or no block at all.
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!doctype html><html><body></body></html>");
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import("mermaid");
mermaid.initialize({ startOnLoad: false, securityLevel: "strict" });

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node check.mjs FILE.md...");
  process.exit(2);
}

// blocks returns the bodies of the fenced mermaid blocks of a Markdown text.
function blocks(text) {
  const out = [];
  const re = /^```mermaid\n([\s\S]*?)^```$/gm;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push(m[1]);
  return out;
}

let total = 0;
let failed = 0;
for (const file of files) {
  const found = blocks(readFileSync(file, "utf8"));
  for (const [i, diagram] of found.entries()) {
    total++;
    try {
      const res = await mermaid.parse(diagram);
      console.log(`ok ${file} block ${i + 1}: ${res.diagramType}`);
    } catch (err) {
      failed++;
      console.log(`FAIL ${file} block ${i + 1}: ${String(err.message ?? err).split("\n").join(" | ")}`);
    }
  }
}
if (total === 0) {
  console.error("no mermaid blocks found");
  process.exit(2);
}
console.log(`${total - failed} parsed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
