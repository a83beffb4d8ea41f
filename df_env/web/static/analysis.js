// The AI that explains itself, and "was this deal winnable?" (loaded before app.js; uses its el, api, ui, $).
// - the hint toggle of a decision: GET /api/games/ID/hint rates every legal choice from the seat's information only
//   (df_env/web/hint.py); each choice button gets its share of the search and its win estimate (data-hint-share);
// - a replay step: GET /api/replays/ID/K/hint rates the choice made there;
// - a lost solo game: POST /api/games/ID/winnable lets the reference replay the deal; its winning line opens as a
//   replay with the person's own game beside it (#/replay/LINE/K/beside/MINE).
"use strict";

const HINT_KEY = "df-hint";
const hintOn = () => localStorage.getItem(HINT_KEY) === "1";
const pct = (x) => (x === null || x === undefined ? "–" : `${Math.round(100 * x)}%`);

function hintText(c) {
  // a choice the search tried: its share of the visits and its win estimate; else the network's first guess
  const some = (x) => (x > 0 && x < 0.005 ? "<1%" : pct(x));
  if (!c.visits) return ui("hint_untried") + (c.prior === null ? "" : ` · ${ui("hint_prior")} ${some(c.prior)}`);
  return `${some(c.share)} · ${ui("hint_win")} ${pct(c.value)}`;
}

function hintToggle(onChange) {
  const box = el("input", { type: "checkbox", id: "hint-toggle", checked: hintOn(), onchange: (e) => {
    localStorage.setItem(HINT_KEY, e.target.checked ? "1" : "0");
    onChange(e.target.checked);
  } });
  return el("div", { class: "hintbar" }, el("label", { title: ui("hint_help") }, box, ` ${ui("hint")}`),
    el("span", { id: "hint-status", class: "muted" }));
}

function hintPanel(v) {
  // the toggle under a person's pending decision
  return hintToggle((on) => (on ? showHint(v) : drawGame(current, invitesEl(current.game))));
}

async function showHint(v) {
  if (!hintOn() || v.replay !== undefined || v.over || !v.decision || !v.decision.choices || v.thinking != null) return;
  const status = $("#hint-status");
  if (status) status.textContent = ui("hint_thinking");
  let h;
  try { h = await api("GET", `/api/games/${v.game}/hint?seat=${v.seat}`); } catch (e) {
    if (status && current === v) status.textContent = e.message;
    return;
  }
  if (current !== v || h.step !== v.step) return;  // the page moved on meanwhile
  for (const c of h.choices) {
    for (const b of document.querySelectorAll(`#decision button[data-action="${c.action}"]`)) {
      b.dataset.hintShare = c.share;
      b.dataset.hintValue = c.value === null ? "" : c.value;
      if (c.action === h.best) b.classList.add("hint-best");
      b.append(el("span", { class: "hint", title: ui("hint_help") }, hintText(c)));
    }
  }
  const s = $("#hint-status");
  if (s) {
    s.textContent = `${h.agent} · ${h.iterations} ${ui("hint_iters")} · ${ui("hint_position")} ${pct(h.value)}`;
    s.dataset.hintStep = h.step;
  }
}

// ------------------------------------------------------------------------------------------------ a replay's step
function replayRating(rid, k, v, texts) {
  // the AI's rating of the choice made at step k (on request: a search per step)
  const out = el("div", { id: "replay-rating", class: "muted" });
  const load = async () => {
    if (!hintOn() || !v.chosen) { out.replaceChildren(); return; }
    out.textContent = ui("hint_thinking");
    try {
      const h = await api("GET", `/api/replays/${rid}/${k}/hint`);
      const c = h.chosen;
      out.replaceChildren(el("span", { "data-rating-rank": c.rank, "data-rating-share": c.share },
        `${h.agent}: ${ui("rating_this")} ${pct(c.share)} (${ui("rating_rank")} ${c.rank}/${c.of}), ` +
        `${ui("hint_win")} ${pct(c.value)}` +
        (c.rank > 1 ? ` · ${ui("rating_best")}: ${texts[h.best] || h.best} (${pct(h.choices[0].share)}, ` +
                      `${ui("hint_win")} ${pct(h.choices[0].value)})` : "")));
    } catch (e) { out.textContent = e.message; }
  };
  load();
  return el("div", {}, hintToggle(load), out);
}

// ------------------------------------------------------------------------------------------------ winnable?
function winnableBox(v) {
  // after a lost solo game: ask the reference (a cheat that sees the deck: allowed now that the game is over)
  if (!v.result || v.players_n !== 1 || v.winner === 0 || v.campaign || v.replay !== undefined) return null;
  const out = el("div", { id: "winnable-answer" });
  const button = el("button", { type: "button", id: "winnable", onclick: async () => {
    button.disabled = true;
    out.textContent = ui("winnable_wait");
    try {
      const w = await api("POST", `/api/games/${v.game}/winnable`, {});
      out.replaceChildren(el("div", { "data-winnable": w.won ? "yes" : "no" },
        w.won ? `${ui("winnable_yes")} (${T.victories[w.victory] || w.victory}, ${w.turns} ${ui("turn")}, ` +
                `${w.seconds.toFixed(1)} s)` : `${ui("winnable_no")} (${w.seconds.toFixed(1)} s)`),
        w.won ? el("a", { id: "winnable-line", href: `#/replay/${w.line}/${w.same}/beside/${w.mine}` },
          `${ui("winnable_step")} (${ui("winnable_same")} ${w.same})`) : null);
    } catch (e) { out.textContent = e.message; button.disabled = false; }
  } }, ui("winnable_ask"));
  return el("div", { class: "winnable" }, button, out);
}

function besideEl(mine, k) {
  // the person's own game at the step the reference's line shows
  const box = el("section", { class: "panel beside", id: "beside" }, el("b", {}, ui("beside_title")));
  (async () => {
    try {
      const first = await api("GET", `/api/replays/${mine}/0?lang=${LANG}`);
      const at = Math.min(k, first.steps);
      const m = at === 0 ? first : await api("GET", `/api/replays/${mine}/${at}?lang=${LANG}`);
      const pl = m.players[0];
      box.append(el("div", {}, `${ui("step")} ${at} · ${ui("turn")} ${m.turn} · ` +
        pl.tracks.map((x, t) => `${T.tracks[t]} ${x}`).join(" · ") + ` · ${count(pl.sectors, "sectors")}`),
      el("div", { id: "beside-chosen" }, k < first.steps && m.chosen ? `${ui("beside_you")}: ${m.chosen.text}`
        : (m.result ? m.result.text : ui("beside_over"))),
      el("a", { href: `#/replay/${mine}/${at}` }, ui("beside_open")));
    } catch (e) { box.append(el("div", { class: "error" }, e.message)); }
  })();
  return box;
}
