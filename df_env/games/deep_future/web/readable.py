"""What a board-game player needs to read the page: the tracks' scales (start, cross, star) and the rule references
the page's sentences cite ("(R12)", "Table 6"), explained in a sentence, in English and Chinese.

The rule references are those of ``docs/rulings.md`` (R1..R47, how the engine reads the rulebook) and the rulebook's
tables; the page shows the sentence on hover (``static/board.js``). The track scales come from the engine's
constants (R3): Culture 0..12 with the star at 12 and no cross; Might, Stability and Xeno -6..+6, the cross at -6
and the star at +6.

Example:
    >>> [t["star"] for t in board_bundle("en")["tracks"]], board_bundle("en")["tracks"][1]["cross"]
    ([12, 6, 6, 6], -6)
"""

from __future__ import annotations

from typing import Any

from . import engine_view as E

RULES: dict[str, dict[str, str]] = {
    "en": {
        "R3": "Tracks: Culture runs 0..12 (star at 12, no cross); Might, Stability and Xeno run -6..+6 (star at +6, "
              "cross at -6). Reaching a cross loses the game; a star is a victory once the homeworld and 3 techs "
              "are complete (solo: and R23's settled worlds).",
        "R4": "Paying with a track: allowed only if the track can drop by 1 without reaching its cross (Culture only "
              "above 0).",
        "R9": "Start phase: above 10 cards, discard at random down to 10; draw up to 5; then the start-phase "
              "advancements, in any order, each once, before the first action.",
        "R10": "Usable advancements: those on the homeworld and tableau techs; settled worlds (discarded after use); "
               "complete techs in hand (discarded after use). Never worlds in hand.",
        "R12": "Actions: up to two different actions a turn, each paid with a hand card of its suit. PLAN ends the "
               "action phase; EVOKE counts as one of the two.",
        "R13": "SETTLE sources: a neutral-line world in a sector you control (a conquest: then a free POWER and a "
               "free ADVANCE), a world from your hand (draw 1), a blank made a world (draw 1), or a new card.",
        "R14": "ADVANCE: you may circle (choose) the advancement of a card without one circled; Chemistry lets you "
               "redraw a suit or number once; a card drawn from the deck becomes a tech.",
        "R15": "BATTLE: from one of your sectors, remove your cubes to remove as many rival cubes from an adjacent "
               "sector; with no rival adjacent, adjust one track by 1.",
        "R16": "EXPAND: from a sector with 2+ of your cubes, move any number (leave 1) to an adjacent sector that is "
               "empty or yours, at most 5 there.",
        "R17": "EVOKE: play a civilization card when you control its sector: apply its Table 3 effect, then its "
               "Table 4 effect.",
        "R18": "Upkeep (payment phase): the homeworld and tableau techs; pay a card with a hand card whose suit is on "
               "it (+1 upkeep cube, at most 3). Each unpaid card adds a challenge, and one more is always added.",
        "R19": "A challenge is met by discarding a hand card of its suit, an upkeep cube from a card with that suit, "
               "or a settled world with that suit; otherwise it fails and a Table 6 row applies.",
        "R22": "Losing a sector: your worlds there are discarded; if it was the homeworld, choose a settled world as "
               "the new homeworld at once, or lose with none left.",
        "R26": "The winner's choices: the victory type (when several hold), the civilization card's Table 4 suit "
               "and the wonder's suit.",
        "R27": "GROW targets a sector of yours holding fewer than 5 cubes.",
        "R47": "The free ADVANCE of a conquest may be declined.",
        "Table 3": "Table 3: the civilization card's effect by victory type.",
        "Table 4": "Table 4: the civilization card's effect by suit (needs 2+ advancements of that suit).",
        "Table 5": "Table 5: the 36 advancements (6 suits x 1-6), each with the action it helps and its effect.",
        "Table 6": "Table 6: what a failed challenge costs, by its suit and a drawn number 1-6.",
    },
    "zh": {
        "R3": "轨道：文化 0..12（星在 12，无叉）；力量、稳定性、异族关系 -6..+6（星在 +6，叉在 -6）。到达叉即失败；"
              "母星世界与 3 张技术完整时（单人游戏：另需 R23 的已定居世界），到达星即获胜。",
        "R4": "降低轨道支付：只有该轨道降低 1 点后不到达叉时才可以（文化须大于 0）。",
        "R9": "开始阶段：手牌超过 10 张时随机弃到 10 张；补到 5 张；"
              "然后在第一个行动前以任意顺序使用开始阶段的进步，各一次。",
        "R10": "可用的进步：母星世界与场区技术上的进步；已定居世界（用后弃掉）；"
               "手中的完整技术（用后弃掉）。手中的世界不可用。",
        "R12": "行动：每回合至多两个不同的行动，各用一张该花色的手牌支付。PLAN 结束行动阶段；EVOKE 算作两个行动之一。",
        "R13": "SETTLE 的来源：你控制的星区中的中性世界线世界（征服：随后免费 POWER 和 ADVANCE）、手中的世界（抽 1）、"
               "作为世界的空白卡（抽 1）或一张新卡。",
        "R14": "ADVANCE：卡片尚无圈选的进步时可以圈选（选择）进步；化学可重抽一次花色或数字；从牌组抽出的卡变为技术。",
        "R15": "BATTLE：从你的一个星区移除你的方块，"
               "以移除相邻星区同样数量的对手方块；无相邻对手时，将一个轨道调整 1 点。",
        "R16": "EXPAND：从有 2 个以上你的方块的星区，移动任意数量（至少留 1 个）到相邻的空星区或你的星区，至多 5 个。",
        "R17": "EVOKE：控制文明卡片的星区时打出它：先执行其表3效果，再执行其表4效果。",
        "R18": "维护（支付阶段）：母星世界和场区技术；用花色出现在卡上的手牌支付（+1 维护方块，至多 3 个）。"
               "每张未支付的卡增加一个挑战，另外总会再增加一个。",
        "R19": "应对挑战：弃一张该花色的手牌、从有该花色的卡上移除一个维护方块，"
               "或弃一个有该花色的已定居世界；否则失败，按表6的一行执行。",
        "R22": "失去星区：你在那里的世界被弃掉；若是母星世界，立即选一个已定居世界作为新的母星世界，没有则失败。",
        "R26": "获胜者的选择：胜利类型（多个成立时）、文明卡片的表4花色和奇迹的花色。",
        "R27": "GROW 的目标是你的方块少于 5 个的星区。",
        "R47": "征服的免费 ADVANCE 可以放弃。",
        "Table 3": "表3：按胜利类型的文明卡片效果。",
        "Table 4": "表4：按花色的文明卡片效果（需要该花色 2 个以上的进步）。",
        "Table 5": "表5：36 种进步（6 种花色 × 1-6），各有其作用的行动和效果。",
        "Table 6": "表6：挑战失败的代价，按挑战的花色和抽到的数字 1-6。",
    },
}


def track_scales() -> list[dict[str, Any]]:
    """Per track (Culture, Might, Stability, Xeno): its lowest and highest value, the cross (None: none), the star
    and the start (R3)."""
    scales = []
    for t in range(4):
        lo, hi = int(E.TRACK_MIN[t]), int(E.TRACK_MAX[t])
        cross = int(E.TRACK_LOSE[t])
        scales.append({"min": lo, "max": hi, "cross": cross if cross >= lo else None, "star": hi, "start": 0})
    return scales


def board_bundle(lang: str) -> dict[str, Any]:
    """What ``static/board.js`` needs in ``lang``: the track scales and the rule references' sentences."""
    return {"tracks": track_scales(), "rules": RULES[lang]}
