// A page a board-game player can read (loaded before app.js; uses its el, ui, T, COLOURS): each track as its printed
// scale (the start ○, the cross ✖ that loses, the star ★ that wins), and the rule references the sentences cite
// ("(R12)", "Table 6") explained on hover, in the page's language (df_env/web/readable.py).
"use strict";

const RULE_REF = /(R\d+(?:-R\d+)?|Table [1-6]|表 ?[1-6])/g;

function ruleText(ref) {
  // "R9-R10" explains both; "表6" is Table 6
  const rules = (T && T.board && T.board.rules) || {};
  const keys = ref.startsWith("表") ? [`Table ${ref.slice(-1)}`] : ref.split("-");
  return keys.map((k) => rules[k]).filter(Boolean).join("\n");
}

function withRules(text) {
  // the text with each rule reference wrapped in an <abbr> whose title explains it
  const out = [];
  let last = 0;
  for (const m of String(text).matchAll(RULE_REF)) {
    const why = ruleText(m[0]);
    if (!why) continue;
    out.push(text.slice(last, m.index), el("abbr", { class: "rule", title: why, "data-rule": m[0] }, m[0]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

function trackScaleEl(pl, t, val) {
  // one cell per value from the bottom to the star; the player's cube on his value
  const sc = T.board.tracks[t];
  const cells = [];
  for (let x = sc.min; x <= sc.max; x++) {
    const kind = x === sc.cross ? "cross" : x === sc.star ? "star" : x === sc.start ? "start" : "";
    const mark = { cross: "✖", star: "★", start: "○" }[kind] || String(x);
    const here = x === val;
    cells.push(el("span", { class: `tcell ${kind}${here ? " at" : ""}`, "data-value": x,
      style: here ? `background:${COLOURS[pl.player]};border-color:${COLOURS[pl.player]}` : null },
    here ? String(x) : mark));
  }
  const title = `${T.tracks[t]} ${val} (${sc.min}..${sc.max}) — ${ruleText("R3")}`;
  return el("div", { class: "tscale", "data-track": t, "data-track-value": val, title }, cells);
}
