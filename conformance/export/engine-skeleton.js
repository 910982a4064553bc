#!/usr/bin/env node
// An SCP/1 engine skeleton: the framing only. It plays no card yet: it answers every request "skipped".
// Run it: skruuvi conformance . --impl "node engine-skeleton.js"   (from the export's folder)
"use strict";
const readline = require("node:readline");

const RULESET = "skruuvi-2016";
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n"); // one line per answer

readline.createInterface({ input: process.stdin, terminal: false }).on("line", (line) => {
  const request = JSON.parse(line);
  if (request.cmd === "start") {
    send({
      protocol: 1,
      implementation: {
        name: "skeleton", version: "0.0.1", rulesets: [RULESET],
        readings: { [RULESET]: { "passimisaari.return-order": "same" } }, // the rules you read otherwise
        features: { [RULESET]: ["form:alkupeli", "phase:first-auction"] }, // what you have built so far
      },
    });
  } else if (request.cmd === "run" || request.cmd === "legal") {
    // request.case holds id, ruleset, deal, actions (or match), and readings when the case pins some.
    // Answer {seq, result: {...}}, {seq, error: {index, code}}, {seq, legal: [...]} or, as here, skipped.
    send({ seq: request.seq, skipped: "not implemented yet: " + request.case.id });
  } else if (request.cmd === "stop") {
    process.exit(0);
  }
});
