// Deep Future (and the other hosted games) in the browser: a plain script (no build step). Every page is drawn from
// the JSON view the server builds for one seat (df_env/web/view.py; another game's view plug-in builds its own, and
// its page script, /static/games/<id>/page.js, draws it: see GAME_PAGES); nothing hidden from that seat reaches it.
// Test contract: every legal choice is an element with data-action="<action id>", the pending decision's container
// carries data-decision="<decision name>", a finished game shows an element with data-game-over (the result text).
"use strict";

const COLOURS = ["#d62728", "#1f77b4", "#2ca02c"];
const NEUTRAL = "#e6b800";
const SEAT_COLOURS = [...COLOURS, "#9467bd", "#ff7f0e", "#17becf"];  // the start page's seats (up to 6)
const POLL_MS = 250;         // while an agent plays
const PERSON_POLL_MS = 700;
const RETRY_MS = 1000;       // while the server does not answer  // while another person (on another machine) decides
let LANG = new URLSearchParams(location.search).get("lang") || localStorage.getItem("df-lang") || "en";
let T = null;            // the language bundle from /api/i18n/LANG
let current = null;      // the view shown
let pollTimer = null;
let shownSeat = null;    // hot seat: the seat whose cards are on screen
let sending = false;
// the other games' pages: GAME_PAGES[id] = { draw(v, extra, W) }, registered by /static/games/<id>/page.js; W is that
// game's words (/api/i18n/LANG?game=<id>), kept per language in GAME_WORDS
const GAME_PAGES = {};
const GAME_WORDS = {};

const $ = (sel, root = document) => root.querySelector(sel);
function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k.nodeType ? k : String(k));
  return e;
}
const SVG = "http://www.w3.org/2000/svg";
function sv(tag, attrs = {}, ...kids) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  for (const k of kids) e.append(k.nodeType ? k : String(k));
  return e;
}
const ui = (k) => (T && T.ui[k]) || k;
// "1 sector", "2 sectors" (English); Chinese has no plural
const count = (n, key) => `${n} ${n === 1 && LANG === "en" ? ui(key).replace(/s$/, "") : ui(key)}`;
function seatName(v, p) {
  const spec = v.seats[p];
  const who = spec === "human" ? (p === v.seat ? ui("you") : ui("person")) : spec;
  if (v.replay !== undefined) return `${ui("player")} ${p} (${spec === "human" ? ui("person") : spec})`;
  return `${ui("player")} ${p} (${who})`;
}

// ------------------------------------------------------------------------------------------------ seat tokens
// A game's person seats belong to whoever holds their tokens (the creator gets them all). This browser keeps the
// tokens it holds per game, and the join links of the seats it handed out (a remote game's invitations).
function tokensOf(gid) { try { return JSON.parse(localStorage.getItem(`df-tokens-${gid}`)) || []; } catch (e) { return []; } }
function keepTokens(gid, tokens) {
  localStorage.setItem(`df-tokens-${gid}`, JSON.stringify([...new Set([...tokensOf(gid), ...tokens])]));
}
function invitesOf(gid) { try { return JSON.parse(localStorage.getItem(`df-invites-${gid}`)) || {}; } catch (e) { return {}; } }
function started(g, remote) {
  // hot seat: this screen plays every person seat; remote: it keeps the first and shows the others' join links
  const seats = Object.keys(g.tokens).sort((a, b) => a - b);
  const kept = remote ? seats.slice(0, 1) : seats;
  keepTokens(g.game, kept.map((p) => g.tokens[p]));
  if (remote) {
    const invites = {};
    for (const p of seats.slice(1)) invites[p] = location.origin + g.links[p];
    localStorage.setItem(`df-invites-${g.game}`, JSON.stringify(invites));
  }
  location.hash = `#/game/${g.game}`;
}

async function api(method, path, body) {
  const opts = { method, headers: {} };
  const gm = path.match(/^\/api\/games\/(\w+)\//);
  if (gm && tokensOf(gm[1]).length) opts.headers["X-Seat-Token"] = tokensOf(gm[1]).join(",");
  if (body !== undefined) { opts.body = JSON.stringify(body); opts.headers["Content-Type"] = "application/json"; }
  const r = await fetch(path, opts);
  let doc = null;
  try { doc = await r.json(); } catch (e) { doc = { error: `HTTP ${r.status}` }; }
  if (!r.ok) { const err = new Error(doc.error || `HTTP ${r.status}`); err.status = r.status; throw err; }
  return doc;
}

async function loadLang(lang) {
  T = await api("GET", `/api/i18n/${lang}`);
  LANG = lang;
  localStorage.setItem("df-lang", lang);
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  $("#title").textContent = ui("title");
  $("#nav-new").textContent = ui("new_game");
  const sw = $("#lang-switch");
  sw.textContent = ui("lang");
  sw.dataset.lang = lang === "zh" ? "en" : "zh";
}

// ------------------------------------------------------------------------------------------------ routing
function route() {
  clearTimeout(pollTimer);
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (parts[0] === "join" && parts[1] && parts[2]) {  // a join link: keep the seat's token, then show the game
    keepTokens(parts[1], [parts[2]]);
    location.replace(`#/game/${parts[1]}`);
    return;
  }
  if (parts[0] === "game" && parts[1]) return showGame(parts[1], parts[2] === "seat" ? Number(parts[3]) : null);
  if (parts[0] === "replay" && parts[1]) {
    return showReplay(parts[1], Number(parts[2] || 0), parts[3] === "beside" ? parts[4] : null);
  }
  return showHome();
}

// ------------------------------------------------------------------------------------------------ home
async function showHome() {
  current = null;
  $("#status").textContent = "";
  const app = $("#app");
  const seatsBox = el("div", { id: "seats" });
  // the game: the page's ?game= (a choice made here), else the server's (df-env serve --game)
  const gameId = new URLSearchParams(location.search).get("game");
  // an agent seat's default: the strongest agent within about 50 ms a decision for the table size (agents.DEFAULT_OPPONENTS)
  const info = await api("GET", gameId ? `/api/agents?game=${encodeURIComponent(gameId)}` : "/api/agents");
  const defaults = info.defaults;
  const choices = [...new Set(["human", ...Object.values(defaults), ...info.examples])];
  const gameSel = el("select", { id: "game", name: "game", onchange: (e) => {
    history.replaceState(null, "", `?lang=${LANG}&game=${e.target.value}#/`);
    showHome();
  } }, ...info.games.map((g) => el("option", { value: g.id, selected: g.id === info.game }, g.name)));
  const [lo, hi] = info.players;
  const players = el("select", { id: "players", name: "players" }, ...Array.from({ length: hi - lo + 1 }, (_, i) =>
    el("option", { value: lo + i, selected: lo + i === (info.game === "deep_future" ? 2 : Math.min(4, hi)) }, lo + i)));
  const W = info.game === "deep_future" ? null : await gameWords(info.game);
  $("#title").textContent = W ? W.ui.title : ui("title");
  function drawSeats() {
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren();
    for (let p = 0; p < Number(players.value); p++) {
      const agent = defaults[players.value];
      const sel = el("select", { id: `seat-${p}`, name: `seat-${p}` },
        ...choices.map((c) => el("option", { value: c, selected: (old[p] || (p === 0 ? "human" : agent)) === c },
          c === "human" ? ui("person") : c)));
      seatsBox.append(el("label", {}, el("span", { style: `color:${SEAT_COLOURS[p]};font-weight:bold` },
        `${ui("seat")} ${p}: `), sel));
    }
  }
  players.addEventListener("change", drawSeats);
  drawSeats();
  // no seed: the server draws one of 63 random bits (shown once the game is over); a seed gives a deal again
  const seed = el("input", { id: "seed", type: "number", min: 0, placeholder: ui("random") });
  const remote = el("input", { id: "remote", type: "checkbox" });
  // the game's start options (Galactic Civ's Events deck, races, GCR2's variant), labelled by the game's words: an
  // on/off option is a checkbox (ui.option_<name>), another a choice of its values, the default first
  // (ui.option_<name>_<value>); each control's value() is what POST /api/games takes
  const optionNames = info.options || [];
  const word = (key, fallback) => (W && W.ui[key] ? W.ui[key] : fallback);
  const optionControls = optionNames.map((name) => {
    const values = (info.option_values || {})[name] || [false, true];
    if (values.length === 2 && values[0] === false && values[1] === true) {
      const box = el("input", { id: `option-${name}`, type: "checkbox", name: `option-${name}` });
      return { name, value: () => box.checked, label: el("label", { class: "option" }, box, ` ${word(`option_${name}`, name)}`) };
    }
    const sel = el("select", { id: `option-${name}`, name: `option-${name}` }, ...values.map((v, i) =>
      el("option", { value: String(v), selected: i === 0 }, word(`option_${name}_${v}`, String(v)))));
    return { name, value: () => values.find((v) => String(v) === sel.value),
             label: el("label", { class: "option" }, `${word(`option_${name}`, name)}: `, sel) };
  });
  const optionLabels = optionControls.map((c) => c.label);
  const msg = el("div", { class: "error", id: "home-error" });
  const start = el("button", { class: "primary", id: "start", type: "button", onclick: async () => {
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    try {
      const body = seed.value === "" ? { game: info.game, seats } : { game: info.game, seats, seed: Number(seed.value) };
      if (optionControls.length) body.options = Object.fromEntries(optionControls.map((c) => [c.name, c.value()]));
      started(await api("POST", "/api/games", body), remote.checked);
    } catch (e) { msg.textContent = e.message; }
  } }, ui("start"));
  const logs = el("div", { id: "logs" }, el("span", { class: "muted" }, "…"));
  const camps = el("select", { id: "campaign-file" });
  const campStart = el("button", { type: "button", id: "campaign-start", onclick: async () => {
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    try {
      started(await api("POST", "/api/campaigns", { file: camps.value, seats }), remote.checked);
    } catch (e) { msg.textContent = e.message; }
  } }, ui("campaign"));
  const campBox = el("div", { id: "campaigns" }, el("label", {}, `${ui("campaign_file")}: `, camps), campStart);
  const upload = el("input", { type: "file", id: "log-file", accept: ".json,application/json", onchange: async (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    try { openReplay({ log: JSON.parse(await f.text()) }); } catch (e) { msg.textContent = e.message; }
  } });
  app.replaceChildren(el("div", { class: "home" },
    el("section", { class: "panel" }, el("h2", {}, ui("new_game")),
      el("label", {}, `${W ? W.ui.game : ui("game")}: `, gameSel),
      el("p", { class: "muted", id: "intro" }, W ? W.ui.intro : ui("intro")),
      el("label", {}, `${ui("players")}: `, players), seatsBox, el("label", {}, `${ui("seed")}: `, seed),
      ...optionLabels, el("label", { class: "remote" }, remote, ` ${ui("remote")}`), start, msg,
      W ? null : el("p", { class: "legend" }, ui("legend")), W ? null : campBox),
    el("section", { class: "panel" }, el("h2", {}, ui("replay")), upload, logs)));
  try {
    const doc = await api("GET", "/api/campaigns");
    camps.replaceChildren(...doc.campaigns.map((name) => el("option", { value: name }, name)));
    if (!doc.campaigns.length) campBox.replaceChildren(el("span", { class: "muted" },
      `${ui("campaign_file")}: ${ui("none")} (df-env campaign new ${doc.folder}/galaxy.json)`));
  } catch (e) { campBox.textContent = e.message; }
  try {
    const doc = await api("GET", "/api/logs");
    logs.replaceChildren(...(doc.logs.length ? doc.logs.slice(0, 40).map((name) =>
      el("div", {}, el("a", { href: "#", "data-log": name, onclick: (e) => { e.preventDefault(); openReplay({ file: name }); } },
        name))) : [el("span", { class: "muted" }, ui("none"))]));
  } catch (e) { logs.textContent = e.message; }
}

async function openReplay(body) {
  try {
    const r = await api("POST", "/api/replays", body);
    location.hash = `#/replay/${r.replay}/0`;
  } catch (e) { $("#home-error").textContent = e.message; }
}

// ------------------------------------------------------------------------------------------------ pieces
function cardEl(c, opts = {}) {
  // every text of a card comes from the server in the page's language (the engine's text layer)
  const inside = (c.text.match(/\[(.*)\]/) || [null, ""])[1];
  const name = c.name || "";
  const colon = c.text.search(/[:：]/);
  const rest = c.type === "civilization" && colon >= 0 ? c.text.slice(colon + 1) : "";
  // hover: the card's full text, and each advancement's Table 5 effect
  const advs = c.advs || [];
  const title = [c.text, ...advs.map((a) => `${a.label}${a.circled ? "*" : ""}: ${a.effect}`)].join("\n");
  const attrs = { class: `card${opts.choosable ? " choosable" : ""}${opts.home ? " homeworld" : ""}`, title,
                  "data-card": c.id };
  if (opts.choosable) attrs.onclick = () => send(opts.choosable);
  return el("div", attrs,
    el("span", { class: `corner suit-${c.suit}`, title: T.suits[c.suit] || "" }, `${c.num}${c.suit}`),
    el("span", { class: "kind" }, opts.place ? `${opts.place} ` : "", c.kind || c.type), name ? " " : "",
    name ? el("span", { class: "name" }, name) : null,
    advs.length ? el("div", { class: "adv" }, ...advs.map((a, i) => el("span", { title: a.effect, "data-adv": a.label },
      `${i ? ", " : ""}${a.label}${a.circled ? "*" : ""}`))) : inside ? el("div", { class: "adv" }, inside) : null,
    rest ? el("div", { class: "adv" }, rest) : null,
    c.upkeep ? el("div", { class: "adv" }, `${ui("upkeep")} ${"■".repeat(c.upkeep)}`) : null);
}

function hexPoints(cx, cy, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(3)},${(cy + r * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(" ");
}

function mapEl(v, choiceBySector) {
  const xs = v.map.map((s) => s.cx), ys = v.map.map((s) => s.cy);
  const x0 = Math.min(...xs) - 1.1, y0 = Math.min(...ys) - 1.1;
  const w = Math.max(...xs) - x0 + 1.1, h = Math.max(...ys) - y0 + 1.1;
  const svg = sv("svg", { viewBox: `${x0} ${y0} ${w} ${h}`, role: "img", "aria-label": ui("map") });
  for (const s of v.map) {
    const g = sv("g", { "data-sector": s.label });
    const choice = choiceBySector[s.x];
    const hex = sv("polygon", { points: hexPoints(s.cx, s.cy, 0.97),
      class: `hex${s.x === 0 ? " bh" : ""}${choice ? " choosable" : ""}` });
    g.append(hex);
    if (choice) {
      g.setAttribute("data-choice", choice.action);
      g.style.cursor = "pointer";
      g.addEventListener("click", () => send(choice.action));
      g.append(sv("title", {}, choice.text));
    } else {
      g.append(sv("title", {}, s.x === 0 ? ui("black_hole") : `${ui("sector")} ${s.label}${s.name ? " " + s.name : ""}` +
        (s.wonder ? ` — ${s.wonder.text}` : "")));
    }
    if (s.home !== null) g.append(sv("polygon", { points: hexPoints(s.cx, s.cy, 0.84), fill: "none",
      stroke: COLOURS[s.home], "stroke-width": 0.13 }));
    if (s.world !== null) g.append(sv("polygon", { points: hexPoints(s.cx, s.cy, 0.76), fill: "none",
      stroke: COLOURS[s.world], "stroke-width": 0.06, "stroke-dasharray": "0.14 0.09" }));
    const ringed = s.home !== null || s.world !== null;  // the number inside the ring, on a light halo
    g.append(sv("text", { x: s.cx, y: s.cy - (ringed ? 0.4 : 0.55), class: `seclabel${ringed ? " ringed" : ""}`,
      fill: s.x === 0 ? "#aaa" : null }, s.x === 0 ? "BH" : s.label));
    if (s.name) g.append(sv("text", { x: s.cx, y: s.cy + 0.72, class: "secname" }, s.name));
    if (s.cubes) {
      const col = s.owner === "N" ? NEUTRAL : COLOURS[s.owner];
      g.append(sv("circle", { cx: s.cx, cy: s.cy + 0.02, r: 0.33, fill: col, stroke: "#222", "stroke-width": 0.04 }));
      g.append(sv("text", { x: s.cx, y: s.cy + 0.04, class: "cubetext", fill: s.owner === "N" ? "#222" : "#fff" },
        s.cubes));
    }
    if (s.line) g.append(sv("polygon", { points: `${s.cx - 0.55},${s.cy + 0.28} ${s.cx - 0.43},${s.cy + 0.42} ` +
      `${s.cx - 0.55},${s.cy + 0.56} ${s.cx - 0.67},${s.cy + 0.42}`, fill: NEUTRAL, stroke: "#222", "stroke-width": 0.03 }));
    if (s.wonder) {
      g.append(sv("text", { x: s.cx + 0.52, y: s.cy + 0.5, "font-size": 0.42, fill: "#7b3fb3", "text-anchor": "middle" },
        "★"));
      g.append(sv("text", { x: s.cx + 0.52, y: s.cy + 0.28, "font-size": 0.2, "text-anchor": "middle", fill: "#333" },
        `${s.wonder.letter}·${s.wonder.suit}`));
    }
    svg.append(g);
  }
  return svg;
}

function tracksEl(pl) {
  const box = el("div", { class: "tracks" });
  pl.tracks.forEach((val, t) => {
    const bar = trackScaleEl(pl, t, val);  // the printed scale: start, cross, star (board.js)
    box.append(el("span", {}, T.tracks[t]), bar, el("b", {}, t === 0 ? val : (val > 0 ? `+${val}` : val)));
  });
  return box;
}

function playerEl(v, pl, choiceByCard) {
  const tags = [];
  if (pl.to_play) tags.push(el("span", { class: "tag turn" }, ui("to_play")));
  if (pl.lost) tags.push(el("span", { class: "tag lost" }, ui("lost")));
  if (pl.winner) tags.push(el("span", { class: "tag won" }, ui("won")));
  const mine = pl.player === v.seat;
  const hand = v.replay !== undefined
    ? el("div", {}, el("b", {}, `${ui("hand_of")} (${pl.hand_n})`), el("div", { class: "cards" }, pl.hand.map((c) => cardEl(c))))
    : mine
    ? el("div", {}, el("b", {}, `${ui("hand")} (${pl.hand_n})`),
      el("div", { class: "cards", id: "hand" }, pl.hand.length ? pl.hand.map((c) => cardEl(c, { choosable: choiceByCard[c.id] }))
        : el("span", { class: "muted" }, ui("empty_hand"))))
    : el("div", { class: "muted", "data-hand-count": pl.hand_n }, `${ui("hand_of")}: ${count(pl.hand_n, "cards")}`,
      pl.hand.length ? el("div", { class: "cards" }, el("span", {}, `${ui("known")}: `), pl.hand.map((c) => cardEl(c))) : null);
  return el("section", { class: "panel player", "data-player": pl.player,
                         style: `border-left: 6px solid ${COLOURS[pl.player]}` },
    el("h3", {}, el("span", { style: `color:${COLOURS[pl.player]}` }, seatName(v, pl.player)), ...tags,
      el("span", { class: "muted" }, `${count(pl.sectors, "sectors")}, ${count(pl.cubes, "cubes")}`)),
    tracksEl(pl),
    el("div", {}, el("b", {}, ui("tableau")),
      el("div", { class: "cards" }, pl.tableau.map((t) => cardEl(t.card, { place: t.slot === 0 ? ui("homeworld") : null,
        home: t.slot === 0, choosable: mine ? choiceByCard[t.card.id] : null })))),
    hand);
}

function decisionEl(v) {
  if (v.result) {
    return el("section", { class: "panel gameover", id: "gameover", "data-game-over": v.result.text },
      el("h2", {}, ui("game_over")),
      ...(v.result.lines || [v.result.text]).map((l) => el("div", { class: "line" }, l)),
      v.campaign ? el("div", { id: "campaign-outcome" }, v.campaign.outcome || "") : null,
      v.log ? el("div", { class: "muted" }, `${ui("saved")} ${v.log}`) : null, winnableBox(v));
  }
  const d = v.decision;
  if (!d) return null;
  if (v.replay !== undefined) {
    return el("section", { class: "panel", id: "replay-decision" },
      el("b", {}, `${seatName(v, d.player)}: ${T.decisions[d.name] || d.name}`), el("div", { class: "what" }, withRules(d.what)));
  }
  if (v.thinking !== null && v.thinking !== undefined) {
    return el("section", { class: "panel thinking", id: "thinking", "data-thinking": v.thinking },
      `${seatName(v, v.thinking)} ${ui("thinking")}`);
  }
  if (!d.choices) {
    return el("section", { class: "panel thinking", id: "waiting" }, `${ui("waiting")} ${seatName(v, d.player)}`);
  }
  const title = (T.decisions[d.name] || d.name);
  const ctx = (d.text.match(/\[(.*)\]$/) || [null, ""])[1];
  return el("section", { class: "panel decision", id: "decision", "data-decision": d.name },
    el("h2", {}, title, ctx ? el("span", { class: "muted" }, ` — ${ctx}`) : null),
    el("div", { class: "what" }, withRules(d.what)),
    el("div", { class: "choices" }, d.choices.map((c) => {
      let text = c.text;
      if (c.block === "action") {
        const name = (text.match(/^[A-Z]+/) || [""])[0];
        text = `${T.actions[name] || name}  ${text.slice(name.length).trim()}`;
      }
      const cost = d.failures && c.block === "special" ? failureText(d.failures) : null;
      return el("button", { type: "button", "data-action": c.action, class: c.block === "special" ? "pass" : null,
                            title: cost, onclick: () => send(c.action) }, text);
    })),
    d.failures && d.failures.length ? el("div", { class: "legend", id: "failures" }, el("b", {}, withRules(ui("if_fail"))),
      ...d.failures.map((f) => el("div", {}, `${f.number}: ${f.name} — ${f.effect}`))) : null,
    v.can_undo ? el("button", { type: "button", id: "undo", onclick: undo }, `↶ ${ui("undo")}`) : null,
    hintPanel(v));
}

async function undo() {
  // against agents: take back my last decision (and the agents' moves since); the log's seat file marks it
  if (!current || sending) return;
  sending = true;
  try {
    const v = await api("POST", `/api/games/${current.game}/undo?lang=${LANG}`, { seat: current.seat, step: current.step });
    current = v;
    drawGame(v, invitesEl(v.game));
  } catch (e) {
    if (e.status === 409) route(); else alert(e.message);
  } finally { sending = false; }
}

function failureText(rows) {
  return `${ui("if_fail")}\n` + rows.map((f) => `${f.number}: ${f.name} — ${f.effect}`).join("\n");
}

function pilesEl(v) {
  const p = v.piles;
  return el("section", { class: "panel piles", id: "piles" },
    el("div", {}, `${ui("deck")}: ${p.deck} · ${ui("discard")}: ${p.discard} · ${ui("challenges")}: ${p.challenges}`),
    p.discard_top ? el("div", { class: "cards" }, el("span", { class: "muted" }, `${ui("discard")}: `), cardEl(p.discard_top)) : null,
    el("div", {}, el("b", {}, ui("neutral_line")),
      el("div", { class: "cards", id: "neutral-line" }, v.line.length ? v.line.map((c) => cardEl(c, {}))
        : el("span", { class: "muted" }, ui("none")))));
}

function eventsEl(lines, title) {
  return el("section", { class: "panel" }, el("h2", {}, title),
    el("div", { class: "events", id: "events" }, lines.length ? lines.map((l) =>
      el("div", { class: /^(you:|你：)/.test(l) ? "mine" : (/^(player|玩家)/.test(l) ? "other" : null) }, withRules(l)))
      : el("span", { class: "muted" }, ui("none"))));
}

function statusText(v) {
  const gap = LANG === "zh" ? "" : " ";  // 行动阶段, action phase
  return `${ui("era")} ${v.era} · ${ui("turn")} ${v.turn} · ${T.phases[v.phase] || v.phase}${gap}${ui("phase")}`;
}

async function gameWords(gid) {
  const key = `${gid}/${LANG}`;
  if (!GAME_WORDS[key]) GAME_WORDS[key] = await api("GET", `/api/i18n/${LANG}?game=${encodeURIComponent(gid)}`);
  return GAME_WORDS[key];
}

function loadPage(gid) {
  // another game's page script and style, once (they register GAME_PAGES[gid])
  if (GAME_PAGES[gid]) return Promise.resolve();
  const base = `/static/games/${encodeURIComponent(gid)}`;
  document.head.append(el("link", { rel: "stylesheet", href: `${base}/page.css` }));
  return new Promise((resolve, reject) => document.head.append(el("script", { src: `${base}/page.js`,
    onload: resolve, onerror: () => reject(new Error(`${base}/page.js did not load`)) })));
}

async function drawOther(v, extra) {
  const W = await gameWords(v.game_id);
  await loadPage(v.game_id);
  if (v.step !== current.step || v.game !== current.game || v.replay !== current.replay) return;  // a newer view came
  GAME_PAGES[v.game_id].draw(v, extra, W);
}

function drawGame(v, extra = null) {
  if (v.game_id && v.game_id !== "deep_future") return drawOther(v, extra);
  const choices = (v.decision && v.decision.choices && v.thinking == null) ? v.decision.choices : [];
  const bySector = {}, byCard = {};
  for (const c of choices) {
    if (c.sector !== undefined && !bySector[c.sector]) bySector[c.sector] = c;
    if (c.card !== undefined && byCard[c.card] === undefined) byCard[c.card] = c.action;
  }
  $("#status").textContent = statusText(v);
  const reveal = v.reveal && v.reveal.length ? el("section", { class: "panel" }, el("b", {}, ui("homeworld")),
    el("div", { class: "cards" }, v.reveal.map((c) => cardEl(c, { choosable: byCard[c.id] })))) : null;
  const right = el("div", {}, extra, decisionEl(v), reveal,
    v.error ? el("div", { class: "error" }, v.error) : null,
    el("div", { class: "players" }, v.players.map((pl) => playerEl(v, pl, byCard))), pilesEl(v));
  const left = el("div", {}, el("section", { class: "panel", id: "map" }, mapEl(v, bySector),
    el("div", { class: "legend" }, ui("map_legend")), el("div", { class: "legend" }, ui("legend"))),
  eventsEl(v.events || [], v.replay !== undefined ? ui("events_replay") : ui("events")));
  $("#app").replaceChildren(el("div", { class: "game", "data-step": v.step }, left, right));
  showHint(v);  // the AI's ratings of the choices, when the hint is on (analysis.js)
}

// ------------------------------------------------------------------------------------------------ a game
async function showGame(gid, seat) {
  let v;
  try {
    v = await api("GET", `/api/games/${gid}/view?lang=${LANG}${seat === null ? "" : `&seat=${seat}`}`);
  } catch (e) {
    if (e.status === undefined || e.status >= 500) {  // the server is away (restarting?): try again shortly
      $("#status").textContent = ui("reconnecting");
      pollTimer = setTimeout(() => showGame(gid, seat), RETRY_MS);
      return;
    }
    $("#app").replaceChildren(el("p", { class: "error" }, e.message), el("a", { href: "#/" }, ui("new_game")));
    return;
  }
  current = v;
  const yours = v.yours || [];
  if (seat === null && yours.length > 1 && shownSeat !== null && shownSeat !== v.seat && !v.over) {
    const who = v.seat;
    document.body.append(el("div", { class: "overlay", id: "pass-screen" },
      el("div", {}, `${ui("pass_screen")} ${seatName(v, who)}`),
      el("button", { class: "primary", type: "button", onclick: (e) => { e.target.parentNode.remove(); } }, ui("show"))));
  }
  shownSeat = v.seat;
  drawGame(v, invitesEl(gid));
  const mine = v.decision && v.decision.choices && v.thinking == null;
  // another seat's move shows up by polling: quickly while an agent plays, more calmly while a person thinks
  const wait = v.thinking == null ? PERSON_POLL_MS : POLL_MS;
  if (!v.over && !mine) pollTimer = setTimeout(() => showGame(gid, seat), wait);
}

function invitesEl(gid) {
  const invites = invitesOf(gid);
  const seats = Object.keys(invites);
  if (!seats.length) return null;
  return el("section", { class: "panel", id: "invites" }, el("b", {}, ui("invite")),
    ...seats.map((p) => el("div", {}, `${ui("seat")} ${p}: `,
      el("input", { type: "text", readonly: true, value: invites[p], "data-join": p, size: 60,
                    onclick: (e) => e.target.select() }))));
}

async function send(action) {
  if (!current || sending || current.replay !== undefined) return;
  sending = true;
  try {
    const v = await api("POST", `/api/games/${current.game}/act?lang=${LANG}`,
                        { seat: current.seat, action, step: current.step });
    current = v;
    drawGame(v);
    const mine = v.decision && v.decision.choices && v.thinking == null;
    if (!v.over && !mine) { clearTimeout(pollTimer); pollTimer = setTimeout(route, POLL_MS); }
  } catch (e) {
    if (e.status === 409) route();  // the decision was answered elsewhere: show the game as it is now
    else if (e.status === undefined || e.status >= 500) {  // away, or could not save: say so, then look again
      $("#status").textContent = e.status === undefined ? ui("reconnecting") : e.message;
      clearTimeout(pollTimer);
      pollTimer = setTimeout(route, RETRY_MS);
    } else alert(e.message);
  } finally { sending = false; }
}

// ------------------------------------------------------------------------------------------------ replay
async function showReplay(rid, k, beside = null) {
  let v;
  try { v = await api("GET", `/api/replays/${rid}/${k}?lang=${LANG}`); } catch (e) {
    $("#app").replaceChildren(el("p", { class: "error" }, e.message), el("a", { href: "#/" }, ui("new_game")));
    return;
  }
  v.seat = null;
  v.thinking = null;
  current = v;
  const tail = beside ? `/beside/${beside}` : "";  // the reference's winning line beside the person's game
  const go = (n) => { location.hash = `#/replay/${rid}/${Math.max(0, Math.min(v.steps, n))}${tail}`; };
  const range = el("input", { type: "range", min: 0, max: v.steps, value: k, id: "replay-range",
                              onchange: (e) => go(Number(e.target.value)) });
  const turnSel = el("select", { id: "replay-turn", onchange: (e) => go(Number(e.target.value)) },
    ...v.turns.map((t) => el("option", { value: t.step, selected: t.turn === v.turn }, `${ui("turn")} ${t.turn}`)));
  const chosen = v.chosen ? el("div", { id: "replay-chosen" }, el("b", {}, `→ ${seatName(v, v.chosen.player)}: `),
    v.chosen.text) : null;
  const bar = el("section", { class: "panel", id: "replay" },
    el("div", { class: "replaybar" },
      el("button", { type: "button", id: "replay-back", onclick: () => go(k - 1), disabled: k <= 0 }, `◀ ${ui("back")}`),
      el("span", {}, `${ui("step")} ${k} ${ui("of")} ${v.steps}`),
      el("button", { type: "button", id: "replay-forward", onclick: () => go(k + 1), disabled: k >= v.steps },
        `${ui("forward")} ▶`), range, turnSel),
    chosen, replayRating(rid, k, v, Object.fromEntries(((v.decision || {}).choices || []).map((c) => [c.action, c.text]))));
  if (v.decision) delete v.decision.choices;  // a replay shows what was chosen, not buttons
  drawGame(v, beside ? el("div", {}, bar, besideEl(beside, k)) : bar);
}

// ------------------------------------------------------------------------------------------------ start
document.addEventListener("keydown", (e) => {
  if (!current || current.replay === undefined) return;
  const m = location.hash.match(/#\/replay\/(\w+)\/(\d+)(.*)/);
  if (!m) return;
  if (e.key === "ArrowRight") location.hash = `#/replay/${m[1]}/${Math.min(current.steps, Number(m[2]) + 1)}${m[3]}`;
  if (e.key === "ArrowLeft") location.hash = `#/replay/${m[1]}/${Math.max(0, Number(m[2]) - 1)}${m[3]}`;
});
window.addEventListener("hashchange", route);
$("#lang-switch").addEventListener("click", async (e) => { await loadLang(e.target.dataset.lang); route(); });
loadLang(["en", "zh"].includes(LANG) ? LANG : "en").then(route);
