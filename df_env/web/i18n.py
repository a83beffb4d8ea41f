"""Words of the page in English and Chinese (``lang="en"`` / ``"zh"``).

The Chinese terms are those of the v1.6 Chinese rulebook (``shared/rules/deep_future_rules_v1.6_zh.md``): suits
太阳 月亮 心 骷髅 手 脚; tracks 文化 力量 稳定性 异族关系; 母星世界, 场区, 中性世界线, 挑战堆, 奇迹, 星区; the action
names stay in English capitals as in that book (POWER, SETTLE ...). This module holds the page's own words (buttons,
titles, legends); every sentence of the game itself (a choice's text, the decision's question, events, cards,
Table 5/6 rows) comes from the engine's text layer in the asked language (``df_env.engine.text``, ``lang="zh"``),
so nothing is translated after the fact.
"""

from __future__ import annotations

from df_env.games.deep_future.web import engine_view as E
from df_env.games.deep_future.web.analysis_words import ANALYSIS_UI
from df_env.games.deep_future.web.readable import board_bundle

LANGS = ("en", "zh")

SUITS = {"en": {"S": "sun", "M": "moon", "R": "heart", "K": "skull", "H": "hand", "F": "foot"},
         "zh": {"S": "太阳", "M": "月亮", "R": "心", "K": "骷髅", "H": "手", "F": "脚"}}
SUIT_SYMBOLS = {"S": "☀", "M": "☽", "R": "♡", "K": "☠", "H": "☚", "F": ""}  # no common font has a foot
TRACKS = {"en": ("Culture", "Might", "Stability", "Xeno"), "zh": ("文化", "力量", "稳定性", "异族关系")}
VICTORIES = {"en": {"Territory": "Territory", "Population": "Population", "Culture": "Culture", "Might": "Might",
                    "Stability": "Stability", "Xeno": "Xeno"},
             "zh": {"Territory": "领土", "Population": "人口", "Culture": "文化", "Might": "力量",
                    "Stability": "稳定性", "Xeno": "异族"}}
ACTIONS = {"en": {"POWER": "POWER: draw 2 cards", "SETTLE": "SETTLE: add a world", "GROW": "GROW: add 2 cubes",
                  "ADVANCE": "ADVANCE: add an advancement", "BATTLE": "BATTLE: remove rival cubes",
                  "EXPAND": "EXPAND: move cubes",
                  "PLAN": "PLAN: make a new card", "EVOKE": "EVOKE: use a civilization"},
           "zh": {"POWER": "POWER：抽2张牌", "SETTLE": "SETTLE：向场区添加一个世界", "GROW": "GROW：添加2个方块",
                  "ADVANCE": "ADVANCE：添加进步", "BATTLE": "BATTLE：移除相邻对手方块", "EXPAND": "EXPAND：移动方块",
                  "PLAN": "PLAN：创建新卡片", "EVOKE": "EVOKE：使用文明卡片"}}

# decision name -> short title (the engine's full sentence is shown under it)
DECISION_TITLES = {
    "en": {
        "HOME_PICK": "Pick your homeworld", "CIRCLE": "Choose an advancement", "CHEM": "Chemistry: keep or redraw",
        "PICK_LINE_SUIT": "Suit of the new tech line", "START": "Start phase", "DISCARD": "Computation: discard",
        "PAY_TRACK": "Pay with a track", "INFRA_TARGET": "Infrastructure: upkeep cube",
        "EXPLORE_FROM": "Exploration: from", "EXPLORE_TO": "Exploration: to", "ACTION": "Choose an action",
        "PAY": "Pay for the action", "BOOST": "Boost the action", "INDUSTRY": "Industry",
        "SETTLE_SOURCE": "SETTLE: which world",
        "WORLD_SECTOR": "Sector of the new world", "GROW_TARGET": "GROW: where",
        "BIOLOGY": "Biology", "ADVANCE_TARGET": "ADVANCE: which card", "TECH_LINE": "Line to fill",
        "BATTLE_FROM": "BATTLE: from", "BATTLE_TO": "BATTLE: attack", "BATTLE_COUNT": "BATTLE: cubes to remove",
        "BATTLE_DEFENSE": "BATTLE: Defense to spend", "TRACK_GAIN": "Raise a track", "EXPAND_FROM": "EXPAND: from",
        "EXPAND_TO": "EXPAND: to", "EXPAND_COUNT": "EXPAND: how many cubes", "SPACECRAFT": "Spacecraft",
        "WONDER_USE": "Use the wonder", "PLAN_SUIT": "PLAN: suit of the new card", "UPKEEP_CARD": "Payment phase",
        "UPKEEP_PAY": "Pay upkeep", "CHALLENGE": "Challenge", "REHOME": "New homeworld", "VICTORY": "Victory type",
        "CIV_SUIT": "Civilization suit", "WONDER_SUIT": "Wonder suit", "EVOKE_EMPTY": "EVOKE: empty sector",
        "EVOKE_OWN": "EVOKE: your sector", "EVOKE_RIVAL": "EVOKE: rival sector", "FOOT_FROM": "EVOKE: move from",
        "FOOT_TO": "EVOKE: move to", "FOOT_COUNT": "EVOKE: how many cubes",
    },
    # the engine's Chinese decision titles (df_env/engine/text/terms.py), one source for the page and the terminal
    "zh": {name: E.term("zh", "decision_names", dk) for dk, (name, _, _) in enumerate(E.DECISIONS) if dk > 0},
}

UI = {
    "en": {
        "title": "Deep Future", "new_game": "New game", "players": "Players", "seat": "Seat", "person": "person",
        "if_fail": "If you fail it, a number 1-6 is drawn and that row of Table 6 applies:",
        "undo": "Undo my last decision", "seed": "Seed", "random": "random",
        "reconnecting": "The server does not answer; trying again…",
        "remote": "the other persons join from their own machines (links on the game page)",
        "invite": "Join links (send each to its player; whoever opens one plays that seat):",
        "start": "Start", "replay": "Replay a saved game", "open": "Open", "map": "Galaxy",
        "tracks": "Tracks", "hand": "Your hand", "hand_of": "Hand",
        "tableau": "Tableau", "neutral_line": "Neutral line",
        "deck": "deck", "discard": "discard", "challenges": "challenge pile", "events": "Since your last decision",
        "events_replay": "Events of this step",
        "decision": "Decision", "thinking": "is thinking…", "waiting": "Waiting for", "you": "you",
        "player": "Player", "cards": "cards", "sectors": "sectors", "cubes": "cubes", "era": "Era", "turn": "Turn",
        "phase": "phase", "game_over": "Game over", "won": "won", "lost": "lost", "no_winner": "Nobody won",
        "victory": "victory", "to_play": "to play", "pass_screen": "Pass the screen to", "show": "Show my cards",
        "back": "Back", "forward": "Forward", "jump": "Go to step", "step": "Step", "of": "of",
        "legend": "Suits: S ☀ sun · M ☽ moon · R ♡ heart · K ☠ skull · H ☚ hand · F foot",
        "map_legend": "thick ring: homeworld · dashed ring: settled world · ◆ neutral-line world · ★ wonder",
        "homeworld": "homeworld", "none": "(none)", "saved": "Game log saved in", "games": "Games",
        "intro": "Deep Future (R. Winder, v1.6), a make-as-you-play 4X card game for 1-3 players. Choose who "
                 "plays each seat: a person at this screen (several persons take turns: hot seat) or a computer "
                 "player. Click a choice, or the outlined sector or card it is about.",
        "empty_hand": "(no cards)", "known": "known to you",
        "lang": "中文", "campaign": "Play a campaign's next game",
        "campaign_file": "Campaign file", "why": "Why", "language": "Language",
        "upkeep": "upkeep", "black_hole": "black hole", "sector": "sector", "game": "Game",
    },
    "zh": {
        "title": "深度未来", "new_game": "新游戏", "players": "玩家人数", "seat": "座位", "person": "真人",
        "if_fail": "若应对失败，抽取数字 1-6，按表 6 的该行执行：",
        "undo": "撤销我上一个决定", "seed": "种子", "random": "随机", "reconnecting": "服务器无响应，正在重试…",
        "remote": "其他玩家在各自的设备上加入（链接见游戏页面）",
        "invite": "加入链接（发给各自的玩家；打开链接的人即坐上该座位）：",
        "start": "开始", "replay": "回放已保存的游戏", "open": "打开", "map": "银河系",
        "tracks": "轨道", "hand": "你的手牌", "hand_of": "手牌",
        "tableau": "场区", "neutral_line": "中性世界线", "deck": "牌组",
        "discard": "弃牌堆", "challenges": "挑战堆", "events": "自你上次决策以来",
        "events_replay": "本步事件", "decision": "决策",
        "thinking": "正在思考…", "waiting": "等待", "you": "你",
        "player": "玩家", "cards": "张牌", "sectors": "个星区",
        "cubes": "个方块", "era": "时代", "turn": "回合", "phase": "阶段", "game_over": "游戏结束", "won": "获胜",
        "lost": "失败", "no_winner": "无获胜者", "victory": "胜利", "to_play": "行动中", "pass_screen": "把屏幕交给",
        "show": "显示我的牌", "back": "后退", "forward": "前进", "jump": "跳到步", "step": "步", "of": "/",
        "legend": "花色：S ☀ 太阳 · M ☽ 月亮 · R ♡ 心 · K ☠ 骷髅 · H ☚ 手 · F 脚",
        "map_legend": "粗环：母星世界 · 虚线环：已定居世界 · ◆ 中性世界线的世界 · ★ 奇迹",
        "homeworld": "母星世界", "none": "（无）", "saved": "游戏记录已保存于", "games": "游戏",
        "intro": "深度未来（R. Winder，v1.6）：1-3人边玩边制作卡片的4X卡牌游戏。"
                 "为每个座位选择真人（多人轮流使用同一屏幕）或电脑玩家。点击选项，或点击其对应的高亮星区或卡片。",
        "empty_hand": "（无牌）", "known": "你已知", "lang": "English", "campaign": "进行战役的下一局",
        "campaign_file": "战役文件", "why": "原因", "language": "语言",
        "upkeep": "维护", "black_hole": "黑洞", "sector": "星区", "game": "游戏",
    },
}

PHASES = {"en": {p: p for p in ("setup", "start", "action", "payment", "challenge", "victory", "over")},
          "zh": {"setup": "准备", "start": "开始", "action": "行动", "payment": "支付", "challenge": "挑战",
                 "victory": "胜利", "over": "结束"}}

def bundle(lang: str) -> dict[str, object]:
    """Everything the page needs to speak ``lang``."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    words = {**UI[lang], **ANALYSIS_UI[lang]}
    return {"lang": lang, "ui": words, "suits": SUITS[lang], "symbols": SUIT_SYMBOLS, "tracks": TRACKS[lang],
            "victories": VICTORIES[lang], "actions": ACTIONS[lang], "decisions": DECISION_TITLES[lang],
            "phases": PHASES[lang], "board": board_bundle(lang)}
