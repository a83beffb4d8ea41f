"""Sentence templates of the text layer, one table per language keyed by the same ids.

:func:`tr` fills a template: ``tr("zh", "ev.draw", p=0, card="一张牌")``. Both tables have the same keys and the
same ``{placeholders}`` (a test checks it); a key ending in ``.one`` is the singular form used when the count is 1
(:func:`count`). English is the engine's wording, unchanged; Chinese uses the v1.6 Chinese rulebook's terms
(see :mod:`.terms`). Decision-specific words are keyed by the decision's name (``hand.PAY``, ``pass.START``).

Example:
    >>> tr("en", "ev.turn", t=3, p=1)
    'turn 3: player 1 begins'
    >>> count("en", "n.cubes", 1), count("zh", "n.cubes", 2)
    ('1 cube', '2 个方块')
"""

from __future__ import annotations

from .terms import check_lang

EN: dict[str, str] = {
    # separators and small words
    "sep.list": ", ", "sep.semi": "; ", "sep.and": " and ", "colon": ":", "paren": " ({x})", "bracket": "[{x}]",
    "n.cubes": "{n} cubes", "n.cubes.one": "{n} cube", "n.cards": "{n} cards", "n.cards.one": "{n} card",
    "n.sectors": "{n} sectors", "n.sectors.one": "{n} sector",
    "player": "player {p}", "a_card": "a card",
    # cards, sectors, wonders (cardtext)
    "card.none": "no card", "card.not_card": "#{card} (not a card)", "card.type": "type {t}",
    "card.label": "#{card} {num}{suit} {kind}", "card.named": '{text} "{name}"', "card.sector": "({x})",
    "card.era": "era {era}", "card.upkeep": "upkeep {n}", "card.history": "history {ids}",
    "card.effect": "{what}: {effect}",
    "adv.label": "{letter}{number} {name}", "adv.unknown": "advancement {adv}", "suit.unknown": "suit {suit}",
    "slot.home": "homeworld", "slot.tech": "tech {i}", "slot.world": "settled world {i}",
    "cubes.neutral": "{n} neutral cubes", "cubes.neutral.one": "{n} neutral cube",
    "cubes.of": "{cubes} of player {p}",
    "sector.off": "sector index {x} (off the map)", "sector.bh": "the black hole", "sector.head": "sector {x}",
    "sector.named": '{head} "{name}"', "sector.cubes": "{head} ({cubes})", "sector.empty": "{head} (empty)",
    "wonder.none": "no wonder in sector {x}", "wonder.text": "{victory} wonder ({suit}, {effect}) in sector {x}",
    # events (eventtext)
    "ev.draw": "player {p} drew {card}", "ev.discard": "{card} was discarded {where}",
    "discard.0": "from a hand", "discard.1": "from the deck", "discard.2": "from a tableau",
    "discard.other": "from play",
    "ev.track": "player {p}: {track} is now {v}", "ev.empty": "sector {x} is now empty",
    "ev.cubes": "sector {x} now holds {cubes}", "ev.action": "player {p} takes {action}", "ev.free": " (free)",
    "ev.new_card": "new card {card}", "ev.advancement": "{card} received {adv}",
    "ev.settle": "player {p} settled {card}", "ev.evoke": " (EVOKE)",
    "ev.challenge": "player {p}: {suit} challenge {outcome}", "outcome.0": "revealed", "outcome.1": "met",
    "outcome.2": "failed", "outcome.other": "status {b}",
    "ev.failure_row": "Table 6 row {a}/{b}", "ev.failure": "Table 6 {letter}{number} {name}: {effect}",
    "ev.neutral": "{card} joined the neutral line{replaced}", "ev.replacing": ", replacing {card}",
    "ev.sector_lost": "player {p} lost sector {x}", "ev.home_lost": "player {p} lost his homeworld",
    "ev.home": "player {p}'s homeworld is now {card}", "ev.lose": "player {p} lost ({why})",
    "lose.0": "a track reached the cross", "lose.1": "the homeworld was lost", "lose.2": "every player lost",
    "lose.other": "reason {a}", "ev.win": "player {p} won: {kind} victory", "victory.type": "type {a}",
    "ev.wonder_used": "player {p} used the {wonder}", "ev.wonder_placed": "a {wonder} was placed",
    "ev.random_suit": "random suit: {suit}", "ev.random_number": "random number: {n}",
    "ev.upkeep": "{card} now holds {n} upkeep cubes", "ev.turn": "turn {t}: player {p} begins",
    "ev.shuffle": "the discard pile ({n} cards) was shuffled into a new deck",
    "ev.civ": "player {p} founded {card} (era {era})", "ev.unknown": "event {code} (player {p}, {a}, {b})",
    "ev.dropped": "... and {n} more events (not recorded)",
    # choices (render): verbs per decision, then how a choice is put together
    "hand.DISCARD": "discard", "hand.PAY": "pay with", "hand.START": "consume hand tech",
    "hand.BOOST": "consume hand tech", "hand.INDUSTRY": "discard (Industry, draw 2)",
    "hand.SETTLE_SOURCE": "settle from hand", "hand.WONDER_USE": "discard for the wonder",
    "hand.UPKEEP_PAY": "pay upkeep with", "hand.CHALLENGE": "meet it with", "hand.other": "hand card",
    "hand.choice": "{verb} {card}", "hand.empty": "{verb} hand slot {i} (empty)",
    "tableau.START": "consume", "tableau.BOOST": "consume", "tableau.INFRA_TARGET": "upkeep cube on",
    "tableau.ADVANCE_TARGET": "advance", "tableau.UPKEEP_CARD": "pay upkeep for", "tableau.REHOME": "new homeworld:",
    "tableau.other": "tableau", "tableau.discard": "discard", "tableau.unkeep": "remove an upkeep cube from",
    "tableau.choice": "{verb} {slot} {card}", "empty": "(empty)",
    "sector.EXPLORE_FROM": "explore from", "sector.EXPLORE_TO": "explore into",
    "sector.WORLD_SECTOR": "place the world in", "sector.GROW_TARGET": "grow in",
    "sector.BIOLOGY": "1 extra cube (Biology) in", "sector.BATTLE_FROM": "battle from", "sector.BATTLE_TO": "attack",
    "sector.EXPAND_FROM": "expand from", "sector.EXPAND_TO": "expand to",
    "sector.SPACECRAFT": "1 more cube (Spacecraft) to", "sector.EVOKE_EMPTY": "1 cube into",
    "sector.EVOKE_OWN": "cubes into", "sector.EVOKE_RIVAL": "remove 1 rival cube in", "sector.FOOT_FROM": "move from",
    "sector.FOOT_TO": "move to", "sector.other": "choose", "sector.choice": "{verb} {sector}",
    "track.now": " (now {v})", "track.reduce": "reduce {track} by 1{now}", "track.raise": "raise {track} by 1{now}",
    "track.other": "track {track}{now}",
    "suit.PICK_LINE_SUIT": "new line of suit", "suit.TECH_LINE": "fill the line of suit",
    "suit.PLAN_SUIT": "plan a card of suit", "suit.CIV_SUIT": "civilization effect of suit",
    "suit.WONDER_SUIT": "wonder of suit", "suit.other": "suit", "suit.choice": "{verb} {suit} ({letter})",
    "number.circle": "circle {adv}", "number.other": "number {n}",
    "count.BATTLE_COUNT": "remove {k} of your cubes", "count.BATTLE_DEFENSE": "spend {k} Defense",
    "count.EXPAND_COUNT": "move {k} cubes", "count.FOOT_COUNT": "move {k} cubes", "count.other": "count {k}",
    "line.empty": "neutral line {k} (empty)", "line.settle": "settle neutral-line world {card}",
    "reveal.pick": "pick homeworld {card}", "reveal.none": "(revealed card {i}: none)",
    "adv.use": "use {adv}: {note}", "victory.choice": "{name} victory ({letter})",
    "action.choice": "{name} ({hint})", "action.pay": "pay with a {suit} card", "action.PLAN": "ends the action phase",
    "action.EVOKE": "play a civilization card",
    "pass.START": "end the start phase", "pass.ACTION": "end the action phase", "pass.BOOST": "go on",
    "pass.INDUSTRY": "decline Industry", "pass.BIOLOGY": "decline Biology", "pass.BATTLE_FROM": "stop the battle",
    "pass.SPACECRAFT": "decline Spacecraft", "pass.WONDER_USE": "decline the wonder",
    "pass.UPKEEP_CARD": "stop paying upkeep", "pass.ADVANCE_TARGET": "decline the free ADVANCE",
    "special.pass": "{name}: {what}", "special.chem": "{name} the drawn {value}",
    "chem.number": "number {v}", "chem.suit": "suit {suit}",
    # the decision's context (render)
    "ctx.restart": "restart: a world in an empty sector", "ctx.setup": "setup", "ctx.circle": "{card}, suit {suit}",
    "ctx.drawn": "drawn {value}", "ctx.line": "{card}, line {k}", "ctx.from": "from {x}", "ctx.action": "action {a}",
    "ctx.grown": "grown: {x}", "ctx.adv.0": "ADVANCE", "ctx.adv.1": "EVOKE skull",
    "ctx.adv.2": "free ADVANCE (conquest, may pass)", "ctx.pairs": "{n} pairs fought", "ctx.range": "{a}..{b}",
    "ctx.challenge": "{suit} challenge", "ctx.not": ", not {x}", "ctx.bits": "/",
    "over.none": "game over: no winner", "over.won": "game over: player {p} won{kind}", "over.kind": " ({v} victory)",
    "decision": "player {p}: {name} — {what}", "decision.ctx": "{text} [{ctx}]",
    # the text view (render_text)
    "view.legend": "(sector owner x cubes: 0-2 players, n neutral; * homeworld, + settled world, W wonder)",
    "view.named": "named: {x} {name}", "view.wonder": "wonder: {text}", "view.track": "{track} {v}",
    "tag.to_play": "to play", "tag.lost": "lost", "tag.winner": "winner", "view.tags": " ({tags})",
    "view.size": "{sectors}, {cubes}", "view.player": "{head}: {tracks} | {size}",
    "view.hand": "  hand ({n}):", "view.hand_n": "  hand: {cards}", "view.known": ", {n} known to you:",
    "view.top": "top first: {cards}", "view.known_top": "known to you, top first: {cards}",
    "view.discard_top": " (top {card})", "view.piles": "deck {deck}; discard {discard}{top}; challenge pile {chal}",
    "view.deck_note": "deck {note}", "view.chal_order": "challenges in order: {suits}",
    "view.revealed": "revealed for the homeworld pick: {cards}", "view.none": "(none)",
    "title.map": "map", "title.players": "players", "title.neutral": "neutral line", "title.piles": "piles",
    "title.decision": "decision", "title.events": "events since the last decision",
    "view.over": "Deep Future, era {era}, turn {turn}: {over}", "view.phase": "phase {n}",
    "view.header": "Deep Future, era {era}, turn {turn}, {phase} phase; player {cur}'s turn (start player {start})",
}

ZH: dict[str, str] = {
    "sep.list": "、", "sep.semi": "；", "sep.and": "和", "colon": "：", "paren": "（{x}）", "bracket": "[{x}]",
    "n.cubes": "{n} 个方块", "n.cubes.one": "{n} 个方块", "n.cards": "{n} 张牌", "n.cards.one": "{n} 张牌",
    "n.sectors": "{n} 个星区", "n.sectors.one": "{n} 个星区",
    "player": "玩家 {p}", "a_card": "一张牌",
    "card.none": "无卡片", "card.not_card": "#{card}（不是卡片）", "card.type": "类型 {t}",
    "card.label": "#{card} {num}{suit} {kind}", "card.named": "{text}「{name}」", "card.sector": "（{x}）",
    "card.era": "时代 {era}", "card.upkeep": "维护 {n}", "card.history": "历史 {ids}",
    "card.effect": "{what}：{effect}",
    "adv.label": "{letter}{number} {name}", "adv.unknown": "进步 {adv}", "suit.unknown": "花色 {suit}",
    "slot.home": "母星世界", "slot.tech": "技术 {i}", "slot.world": "已定居世界 {i}",
    "cubes.neutral": "{n} 个中性方块", "cubes.neutral.one": "{n} 个中性方块",
    "cubes.of": "玩家 {p} 的 {cubes}",
    "sector.off": "星区索引 {x}（不在地图上）", "sector.bh": "黑洞", "sector.head": "星区 {x}",
    "sector.named": "{head}「{name}」", "sector.cubes": "{head}（{cubes}）", "sector.empty": "{head}（空）",
    "wonder.none": "星区 {x} 没有奇迹", "wonder.text": "星区 {x} 的{victory}奇迹（{suit}，{effect}）",
    "ev.draw": "玩家 {p} 抽了 {card}", "ev.discard": "{card} {where}弃掉",
    "discard.0": "从手牌", "discard.1": "从牌组", "discard.2": "从场区", "discard.other": "从游戏中",
    "ev.track": "玩家 {p}：{track}现在为 {v}", "ev.empty": "星区 {x} 现在为空",
    "ev.cubes": "星区 {x} 现在有 {cubes}", "ev.action": "玩家 {p} 执行 {action}", "ev.free": "（免费）",
    "ev.new_card": "新卡片 {card}", "ev.advancement": "{card} 获得进步 {adv}",
    "ev.settle": "玩家 {p} 定居了 {card}", "ev.evoke": "（EVOKE）",
    "ev.challenge": "玩家 {p}：{suit}挑战{outcome}", "outcome.0": "已揭示", "outcome.1": "已迎接",
    "outcome.2": "失败", "outcome.other": "状态 {b}",
    "ev.failure_row": "表6 第 {a}/{b} 行", "ev.failure": "表6 {letter}{number} {name}：{effect}",
    "ev.neutral": "{card} 加入中性世界线{replaced}", "ev.replacing": "，替换 {card}",
    "ev.sector_lost": "玩家 {p} 失去星区 {x}", "ev.home_lost": "玩家 {p} 失去了母星世界",
    "ev.home": "玩家 {p} 的母星世界现在是 {card}", "ev.lose": "玩家 {p} 失败（{why}）",
    "lose.0": "一个轨道到达✖", "lose.1": "失去了母星世界", "lose.2": "所有玩家都失败",
    "lose.other": "原因 {a}", "ev.win": "玩家 {p} 获胜：{kind}胜利", "victory.type": "类型 {a}",
    "ev.wonder_used": "玩家 {p} 使用了{wonder}", "ev.wonder_placed": "放置了{wonder}",
    "ev.random_suit": "随机花色：{suit}", "ev.random_number": "随机数字：{n}",
    "ev.upkeep": "{card} 现在有 {n} 个维护方块", "ev.turn": "第 {t} 回合：玩家 {p} 开始",
    "ev.shuffle": "弃牌堆（{n} 张牌）洗混成新牌组",
    "ev.civ": "玩家 {p} 建立了 {card}（时代 {era}）", "ev.unknown": "事件 {code}（玩家 {p}，{a}，{b}）",
    "ev.dropped": "……另有 {n} 个事件（未记录）",
    "hand.DISCARD": "弃掉", "hand.PAY": "用此牌支付", "hand.START": "消耗手中技术",
    "hand.BOOST": "消耗手中技术", "hand.INDUSTRY": "弃掉（工业，抽2张牌）",
    "hand.SETTLE_SOURCE": "从手牌定居", "hand.WONDER_USE": "为奇迹弃掉",
    "hand.UPKEEP_PAY": "用此牌支付维护", "hand.CHALLENGE": "弃掉此牌迎接挑战", "hand.other": "手牌",
    "hand.choice": "{verb} {card}", "hand.empty": "{verb}：手牌第 {i} 格（空）",
    "tableau.START": "消耗", "tableau.BOOST": "消耗", "tableau.INFRA_TARGET": "放置维护方块于",
    "tableau.ADVANCE_TARGET": "推进", "tableau.UPKEEP_CARD": "支付维护：", "tableau.REHOME": "新母星世界：",
    "tableau.other": "场区", "tableau.discard": "弃掉", "tableau.unkeep": "移除维护方块：",
    "tableau.choice": "{verb} {slot} {card}", "empty": "（空）",
    "sector.EXPLORE_FROM": "探索出发：", "sector.EXPLORE_TO": "探索进入",
    "sector.WORLD_SECTOR": "把世界放在", "sector.GROW_TARGET": "增长于",
    "sector.BIOLOGY": "额外1个方块（生物学）放在", "sector.BATTLE_FROM": "战斗出发：", "sector.BATTLE_TO": "进攻",
    "sector.EXPAND_FROM": "扩张出发：", "sector.EXPAND_TO": "扩张到",
    "sector.SPACECRAFT": "再移动1个方块（飞船）到", "sector.EVOKE_EMPTY": "放1个方块到",
    "sector.EVOKE_OWN": "方块放到", "sector.EVOKE_RIVAL": "移除1个敌对方块：", "sector.FOOT_FROM": "移动出发：",
    "sector.FOOT_TO": "移动到", "sector.other": "选择", "sector.choice": "{verb} {sector}",
    "track.now": "（当前 {v}）", "track.reduce": "{track}降低1点{now}", "track.raise": "{track}提升1点{now}",
    "track.other": "轨道 {track}{now}",
    "suit.PICK_LINE_SUIT": "新进步列的花色", "suit.TECH_LINE": "填写此花色的进步列",
    "suit.PLAN_SUIT": "新卡片的花色", "suit.CIV_SUIT": "文明效果的花色",
    "suit.WONDER_SUIT": "奇迹的花色", "suit.other": "花色", "suit.choice": "{verb}：{suit}（{letter}）",
    "number.circle": "圈选 {adv}", "number.other": "数字 {n}",
    "count.BATTLE_COUNT": "移除你的 {k} 个方块", "count.BATTLE_DEFENSE": "使用 {k} 个防御",
    "count.EXPAND_COUNT": "移动 {k} 个方块", "count.FOOT_COUNT": "移动 {k} 个方块", "count.other": "数量 {k}",
    "line.empty": "中性世界线第 {k} 位（空）", "line.settle": "定居中性世界线的世界 {card}",
    "reveal.pick": "选择母星世界 {card}", "reveal.none": "（揭示的第 {i} 张牌：无）",
    "adv.use": "使用 {adv}：{note}", "victory.choice": "{name}胜利（{letter}）",
    "action.choice": "{name}（{hint}）", "action.pay": "用一张{suit}牌支付", "action.PLAN": "结束行动阶段",
    "action.EVOKE": "打出一张文明卡片",
    "pass.START": "结束开始阶段", "pass.ACTION": "结束行动阶段", "pass.BOOST": "继续",
    "pass.INDUSTRY": "放弃工业", "pass.BIOLOGY": "放弃生物学", "pass.BATTLE_FROM": "停止战斗",
    "pass.SPACECRAFT": "放弃飞船", "pass.WONDER_USE": "放弃奇迹",
    "pass.UPKEEP_CARD": "停止支付维护", "pass.ADVANCE_TARGET": "放弃免费 ADVANCE",
    "special.pass": "{name}：{what}", "special.chem": "{name}：抽到的{value}",
    "chem.number": "数字 {v}", "chem.suit": "花色 {suit}",
    "ctx.restart": "重新开始：空星区中的一个世界", "ctx.setup": "准备", "ctx.circle": "{card}，花色 {suit}",
    "ctx.drawn": "抽到 {value}", "ctx.line": "{card}，第 {k} 列", "ctx.from": "从 {x}", "ctx.action": "行动 {a}",
    "ctx.grown": "已增长：{x}", "ctx.adv.0": "ADVANCE", "ctx.adv.1": "EVOKE 骷髅",
    "ctx.adv.2": "免费 ADVANCE（征服，可以跳过）", "ctx.pairs": "已战斗 {n} 对", "ctx.range": "{a}..{b}",
    "ctx.challenge": "{suit}挑战", "ctx.not": "，不能是 {x}", "ctx.bits": "/",
    "over.none": "游戏结束：无获胜者", "over.won": "游戏结束：玩家 {p} 获胜{kind}", "over.kind": "（{v}胜利）",
    "decision": "玩家 {p}：{name} —— {what}", "decision.ctx": "{text} [{ctx}]",
    "view.legend": "（星区 所有者x方块数：0-2 为玩家，n 为中性；* 母星世界，+ 已定居世界，W 奇迹）",
    "view.named": "已命名：{x} {name}", "view.wonder": "奇迹：{text}", "view.track": "{track} {v}",
    "tag.to_play": "行动中", "tag.lost": "已失败", "tag.winner": "获胜者", "view.tags": "（{tags}）",
    "view.size": "{sectors}，{cubes}", "view.player": "{head}：{tracks} | {size}",
    "view.hand": "  手牌（{n}）：", "view.hand_n": "  手牌：{cards}", "view.known": "，其中 {n} 张你已知：",
    "view.top": "顶部在前：{cards}", "view.known_top": "你已知的牌，顶部在前：{cards}",
    "view.discard_top": "（顶部 {card}）", "view.piles": "牌组 {deck}；弃牌堆 {discard}{top}；挑战堆 {chal}",
    "view.deck_note": "牌组 {note}", "view.chal_order": "挑战顺序：{suits}",
    "view.revealed": "为选择母星世界揭示的牌：{cards}", "view.none": "（无）",
    "title.map": "地图", "title.players": "玩家", "title.neutral": "中性世界线", "title.piles": "牌堆",
    "title.decision": "决策", "title.events": "自上次决策以来的事件",
    "view.over": "深度未来，时代 {era}，第 {turn} 回合：{over}", "view.phase": "阶段 {n}",
    "view.header": "深度未来，时代 {era}，第 {turn} 回合，{phase}阶段；玩家 {cur} 的回合（起始玩家 {start}）",
}

TEMPLATES: dict[str, dict[str, str]] = {"en": EN, "zh": ZH}


def tr(lang: str, key: str, **values: object) -> str:
    """Template ``key`` of ``lang`` filled with ``values``."""
    return TEMPLATES[check_lang(lang)][key].format(**values)


def has(lang: str, key: str) -> bool:
    """Whether ``lang`` has a template ``key`` (for the words keyed by a decision's name)."""
    return key in TEMPLATES[check_lang(lang)]


def count(lang: str, key: str, n: int) -> str:
    """``n`` things: the ``.one`` form when ``n`` is 1 (``1 cube``), else the plural (``2 cubes``)."""
    return tr(lang, f"{key}.one" if n == 1 else key, n=n)
