// Galactic Civ's page (loaded by df_env/web/static/app.js, which owns the routing, the seat tokens, polling, send()
// and the replay bar). It draws only the JSON view the server built for one seat (df_env/games/galactic_civ/web/
// view.py): every seat's eight attributes with the leader of each marked, the phase track, the victory paths and
// who is closest, one's own hand as cards with their effects (other hands are counts), the piles, the pending
// decision's legal choices as buttons with words, what happened since one's last decision, and the options the game
// runs with (Events deck, races, GCR2's variant).
// Test contract (as Deep Future's page): every legal choice has data-action, the decision's container
// data-decision (the engine's decision name), a finished game an element with data-game-over (the result text).
"use strict";

(function () {
  const GC_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"];
  const colour = (p) => GC_COLOURS[p % GC_COLOURS.length];

  function who(v, W, p) {
    const spec = v.seats[p];
    const name = spec === "human" ? (p === v.seat && v.replay === undefined ? W.ui.you : W.ui.person) : spec;
    return `${W.ui.player} ${p} (${name})`;
  }

  function cardEl(c, choosable) {
    const effects = c.effects.map((e) => el("span", { class: "gc-effect" }, `${e.name} ${e.value > 0 ? "+" : ""}${e.value}`));
    const attrs = { class: `card gc-card gc-${c.type.toLowerCase()}${choosable !== undefined ? " choosable" : ""}`,
                    title: c.text, "data-card": c.card };
    if (choosable !== undefined) attrs.onclick = () => send(choosable);
    return el("div", attrs, el("span", { class: "kind" }, c.kind), " ", el("span", { class: "name" }, c.name),
      el("div", { class: "adv" }, ...effects));
  }

  function attributeTable(v, W) {
    const head = el("tr", {}, el("th", {}, ""), ...v.attributes.map((a, i) => el("th", { title: a }, W.short[i])),
      el("th", {}, W.ui.hand_of), el("th", { title: W.ui.progress }, "%"));
    const rows = v.players.map((pl) => el("tr", { "data-player": pl.player, class: pl.to_play ? "gc-to-play" : null },
      el("th", { style: `color:${colour(pl.player)}` }, `${pl.active ? "▶ " : ""}${who(v, W, pl.player)}`,
        pl.race ? el("div", { class: "muted gc-race", title: pl.race_bonus || "" }, `${pl.race} (${pl.race_bonus})`) : null,
        pl.winner ? el("span", { class: "tag won" }, W.ui.won) : null),
      ...pl.attrs.map((x, a) => el("td", { class: pl.leads[a] ? "gc-lead" : null, "data-attr": a,
        title: pl.leads[a] ? `${v.attributes[a]}: ${W.ui.leader}` : v.attributes[a] },
        `${x}${pl.leads[a] ? " ★" : ""}${a === 0 && pl.lowest_morale ? " ▼" : ""}`)),
      el("td", { "data-hand-count": pl.hand_n }, pl.hand_n),
      el("td", {}, `${Math.round(pl.progress * 100)}`)));
    return el("section", { class: "panel", id: "attributes" }, el("h2", {}, W.ui.attributes),
      el("table", { class: "gc-table" }, head, ...rows), el("div", { class: "legend" }, W.ui.legend));
  }

  function phaseTrack(v, W) {
    return el("section", { class: "panel", id: "phases" },
      el("b", {}, `${W.ui.turn} ${v.turn} ${W.ui.of} ${v.last_turn} · ${W.ui.phase_track}`),
      el("ol", { class: "gc-phases" }, ...v.phases.map((name, i) =>
        el("li", { class: i + 1 === v.phase ? "gc-now" : (i + 1 < v.phase ? "gc-done" : null),
                   "data-phase": i + 1 }, name))));
  }

  function pathsEl(v, W) {
    const note = W.ui.paths_note.replace("{turn}", v.first_path_turn).replace("{lead}", v.path_lead)
      .replace("{last}", v.last_turn);
    const seats = v.players.map((pl) => el("th", { style: `color:${colour(pl.player)}` }, pl.player));
    const rows = v.paths.map((p) => el("tr", { "data-path": p.path },
      el("th", {}, `${p.path}. ${p.name}`, el("div", { class: "muted" },
        `${p.primary} + ${p.secondary.join(" / ")}`)),
      ...p.margins.map((m, s) => el("td", { class: p.closest.includes(s) && m > 0 ? "gc-lead" : null },
        `${m > 0 ? "+" : ""}${m}`))));
    rows.push(el("tr", { "data-path": 6 }, el("th", {}, W.ui.general),
      ...v.general.led.map((n, s) => el("td", { class: v.general.most.includes(s) && n > 0 ? "gc-lead" : null }, n))));
    const closest = v.general.closest.map((p) => who(v, W, p)).join(", ");
    return el("section", { class: "panel", id: "paths" }, el("h2", {}, W.ui.paths),
      el("table", { class: "gc-table" }, el("tr", {}, el("th", {}, W.ui.margin), ...seats), ...rows),
      el("div", { id: "closest" }, el("b", {}, `${W.ui.closest}: `), closest),
      el("div", { class: "legend" }, note));
  }

  function handEl(v, W, byCard) {
    const me = v.players[v.seat];
    if (v.replay !== undefined) {
      return el("section", { class: "panel", id: "hands" }, ...v.players.map((pl) => el("div", {},
        el("b", { style: `color:${colour(pl.player)}` }, `${who(v, W, pl.player)} · ${W.ui.hand_of} (${pl.hand_n})`),
        el("div", { class: "cards" }, pl.hand.map((c) => cardEl(c))))));
    }
    if (!me) return null;
    return el("section", { class: "panel" }, el("b", {}, `${W.ui.hand} (${me.hand_n})`),
      el("div", { class: "cards", id: "hand" }, me.hand.length ? me.hand.map((c) => cardEl(c, byCard[c.card]))
        : el("span", { class: "muted" }, W.ui.empty_hand)));
  }

  // the options the game runs with (the view's options: its log's configuration; a key absent is the default):
  // the Events deck, the races chosen in turn or dealt at random (or set by name, from a CLI log), GCR2's variant
  function optionsEl(v, W) {
    const o = v.options || {};
    const races = Array.isArray(o.races) ? W.ui.races_named : (o.races === "random" ? W.ui.races_random : W.ui.races_choose);
    return el("div", { id: "game-options", class: "muted", "data-events": String(!!o.events),
                       "data-races": Array.isArray(o.races) ? "named" : (o.races || "choose"),
                       "data-trade-literal": String(!!o.trade_literal) },
      `${W.ui.game_options}: ${W.ui.opt_events} ${o.events ? W.ui.opt_on : W.ui.opt_off} · ${W.ui.opt_races} ${races}` +
      ` · ${W.ui.opt_trade} ${o.trade_literal ? W.ui.trade_influence : W.ui.trade_trade}`);
  }

  function pilesEl(v, W) {
    const p = v.piles;
    return el("section", { class: "panel", id: "piles" },
      el("div", {}, `${W.ui.deck}: ${p.deck} · ${W.ui.discard}: ${p.discard}` +
        (p.events_on ? ` · ${W.ui.event_deck}: ${p.event_deck}` : "")),
      optionsEl(v, W),
      p.event ? el("div", { id: "event" }, el("b", {}, `${W.ui.event}: `), p.event) : null,
      p.recent.length ? el("div", {}, el("span", { class: "muted" }, `${W.ui.recent}: `),
        el("div", { class: "cards" }, p.recent.map((c) => cardEl(c)))) : null);
  }

  function decisionEl(v, W) {
    if (v.result) {
      return el("section", { class: "panel gameover", id: "gameover", "data-game-over": v.result.text },
        el("h2", {}, W.ui.game_over), ...(v.result.lines || [v.result.text]).map((l) => el("div", { class: "line" }, l)),
        v.log ? el("div", { class: "muted" }, `${W.ui.saved} ${v.log}`) : null);
    }
    const d = v.decision;
    if (!d) return null;
    if (v.replay !== undefined) {
      return el("section", { class: "panel", id: "replay-decision" }, el("b", {}, `${who(v, W, d.player)}: ${d.title}`),
        el("div", { class: "what" }, d.what));
    }
    if (v.thinking !== null && v.thinking !== undefined) {
      return el("section", { class: "panel thinking", id: "thinking", "data-thinking": v.thinking },
        `${who(v, W, v.thinking)} ${W.ui.thinking}`);
    }
    if (!d.choices) return el("section", { class: "panel thinking", id: "waiting" }, `${W.ui.waiting} ${who(v, W, d.player)}`);
    return el("section", { class: "panel decision", id: "decision", "data-decision": d.name },
      el("h2", {}, d.title), el("div", { class: "what" }, d.what),
      el("div", { class: "choices" }, d.choices.map((c) => el("button", { type: "button", "data-action": c.action,
        class: c.block === "pass" ? "pass" : null, title: c.text, onclick: () => send(c.action) }, c.text))),
      v.can_undo ? el("button", { type: "button", id: "undo", onclick: undo }, `↶ ${ui("undo")}`) : null);
  }

  function eventsEl(v, W) {
    const lines = v.events || [];
    return el("section", { class: "panel" }, el("h2", {}, v.replay !== undefined ? W.ui.events_replay : W.ui.events),
      el("div", { class: "events", id: "events" }, lines.length ? lines.map((l) =>
        el("div", { class: /^(you:|你：)/.test(l) ? "mine" : (/^(player|玩家)/.test(l) ? "other" : null) }, l))
        : el("span", { class: "muted" }, W.ui.none)));
  }

  function draw(v, extra, W) {
    const live = v.decision && v.decision.choices && v.thinking == null && v.replay === undefined;
    const byCard = {};
    for (const c of live ? v.decision.choices : []) if (c.card !== undefined) byCard[c.card] = c.action;
    $("#title").textContent = W.ui.title;
    $("#status").textContent = `${W.ui.turn} ${v.turn}/${v.last_turn} · ${v.phase_name}`;
    const left = el("div", {}, attributeTable(v, W), phaseTrack(v, W), pathsEl(v, W), eventsEl(v, W));
    const right = el("div", {}, extra, decisionEl(v, W), v.error ? el("div", { class: "error" }, v.error) : null,
      handEl(v, W, byCard), pilesEl(v, W));
    $("#app").replaceChildren(el("div", { class: "game gc", "data-step": v.step, "data-game-id": "galactic_civ" },
      left, right));
  }

  GAME_PAGES.galactic_civ = { draw };
})();
