"""After a lost solo game in the terminal: "was this deal winnable?" (``df-env play``).

:func:`offer_winnable` asks the person whether to let the reference (:func:`df_env.games.deep_future.analysis.winnable`,
by default the clairvoyant ``oracle``) replay the deal from its start; when it wins, it offers to step through the
winning line beside the person's own game: from the first decision where the two lines part, each step shows the
reference's position and choice, and what the person chose at the same step of his game. """

from __future__ import annotations

from itertools import zip_longest
from typing import Protocol

import numpy as np

from df_env.gamelog import GameLog, replay
from df_env.games.deep_future.web import engine_view as E
from df_env.games.deep_future.web.words import fix_words

from . import DEFAULT_REFERENCE, Winnable, first_difference, winnable


class Console(Protocol):
    """What this module needs of :class:`df_env.terminal.Console` (named here, so that the terminal, which calls
    this module, is not imported back)."""

    def write(self, text: str) -> None: ...

    def read(self, prompt: str) -> str: ...

WORDS: dict[str, dict[str, str]] = {
    "en": {"ask": "\nWas this deal winnable? {ref} (a reference that cheats: it sees the deck order) can replay it "
                  "from the start, a few seconds. Try? (y/N) ",
           "won": "the reference won this deal ({victory}, {turns} turns, {secs:.1f} s): it was winnable",
           "lost": "the reference did not win this deal either ({turns} turns, {secs:.1f} s): it was probably not "
                   "winnable",
           "same": "your game and its winning line are the same for the first {k} decisions",
           "show": "Step through its winning line beside your game? (y/N) ",
           "step": "\n######## winning line, step {k}/{n}",
           "ref": "-> the reference chose: {text}", "you": "   your game, step {k}: you chose {text}",
           "you_none": "   your game had ended by step {k}", "next": "Enter: next, a: all, q: quit ",
           "end": "the reference won here."},
    "zh": {"ask": "\n这一局能赢吗？{ref}（作弊的参照：它看得见牌堆顺序）可以从头重下这一局，需几秒。试试？(y/N) ",
           "won": "参照赢下了这一局（{victory}，{turns} 回合，{secs:.1f} 秒）：这一局能赢",
           "lost": "参照也没有赢下这一局（{turns} 回合，{secs:.1f} 秒）：这一局大概赢不了",
           "same": "你的对局和它的制胜路线前 {k} 个决策相同",
           "show": "在你的对局旁逐步查看它的制胜路线？(y/N) ",
           "step": "\n######## 制胜路线，第 {k}/{n} 步",
           "ref": "-> 参照选择：{text}", "you": "   你的对局第 {k} 步：你选择了 {text}",
           "you_none": "   你的对局在第 {k} 步时已结束", "next": "回车：下一步，a：全部，q：退出 ",
           "end": "参照在此获胜。"},
}


def _yes(console: Console, prompt: str) -> bool:
    try:
        return console.read(prompt).strip().lower() in ("y", "yes", "是")
    except EOFError:
        return False


def offer_winnable(log: GameLog, console: Console, color: bool = False, lang: str = "en",
                   reference: str = DEFAULT_REFERENCE) -> Winnable | None:
    """Ask, then analyse the finished solo game of ``log`` and offer to step through the winning line; returns
    the analysis, or None when the person declined. ``console``: a :class:`df_env.terminal.Console`."""
    words = WORDS[lang]
    if not _yes(console, words["ask"].format(ref=reference)):
        return None
    result = winnable(log, reference)
    if not result.won:
        console.write(words["lost"].format(turns=result.turns, secs=result.seconds))
        return result
    console.write(words["won"].format(victory=result.victory, turns=result.turns, secs=result.seconds))
    k = first_difference(result.actions, log.actions)
    console.write(words["same"].format(k=k))
    if _yes(console, words["show"]):
        step_beside(result.log(), log, console, color, lang, start=k)
    return result


def _choice(s: np.ndarray, a: int, lang: str) -> str:
    return fix_words(E.action_to_string(s, a, lang), lang)


def step_beside(line: GameLog, mine: GameLog, console: Console, color: bool = False, lang: str = "en",
                start: int = 0) -> None:
    """Show the steps of ``line`` from ``start`` on: its position and choice, and beside it the choice of the same
    step of ``mine`` (Enter: next, a: all, q: quit)."""
    words, n, step = WORDS[lang], len(line.actions), True
    for ref, you in zip_longest(replay(line), replay(mine)):
        if ref is None:
            break
        k, s, a = ref
        if k < start:
            continue
        console.write(words["step"].format(k=k + 1, n=n))
        console.write(E.render_text(s, 0, color, lang))
        console.write(words["ref"].format(text=_choice(s, a, lang)))
        console.write(words["you"].format(k=k + 1, text=_choice(you[1], you[2], lang)) if you is not None
                      else words["you_none"].format(k=k + 1))
        if step:
            try:
                key = console.read(words["next"]).strip().lower()
            except EOFError:
                key = "q"
            if key == "q":
                return
            step = key != "a"
    console.write(words["end"])
