"""The page's words for the hint, the replay's ratings, "was this deal winnable?" and the readable board, in English
and Chinese (merged into :func:`df_env.web.i18n.bundle`'s ``ui``; the Chinese terms those of the v1.6 rulebook)."""

from __future__ import annotations

ANALYSIS_UI: dict[str, dict[str, str]] = {
    "en": {
        "hint": "Hint: how the AI rates each choice",
        "hint_help": "The default AI searches this decision from what you can see only (never the hidden cards): "
                     "its share of the search for each choice, and its win estimate after it",
        "hint_thinking": "the AI is looking…", "hint_win": "win", "hint_iters": "iterations",
        "hint_position": "this position:", "hint_untried": "not searched", "hint_prior": "first guess",
        "rating_this": "this choice got", "rating_rank": "rank", "rating_best": "its own choice",
        "winnable_ask": "Was this deal winnable?",
        "winnable_wait": "The reference (a cheat that sees the deck order; allowed now that the game is over) replays "
                         "the deal from the start…",
        "winnable_yes": "The reference won this deal: it was winnable",
        "winnable_no": "The reference did not win this deal either: it was probably not winnable",
        "winnable_step": "Step through its winning line beside your game",
        "winnable_same": "the same as yours for the first decisions:",
        "beside_title": "Your game at this step", "beside_you": "you chose",
        "beside_over": "your game had ended by this step", "beside_open": "open your game here",
    },
    "zh": {
        "hint": "提示：AI 对每个选项的评价",
        "hint_help": "默认 AI 只根据你能看到的信息（绝不看隐藏的牌）搜索这个决策：每个选项占搜索的份额，"
                     "以及选它之后的胜率估计",
        "hint_thinking": "AI 正在分析…", "hint_win": "胜率", "hint_iters": "次迭代", "hint_position": "当前局面：",
        "hint_untried": "未搜索", "hint_prior": "初步估计",
        "rating_this": "这个选项占", "rating_rank": "排名", "rating_best": "它自己的选择",
        "winnable_ask": "这一局能赢吗？",
        "winnable_wait": "参照（作弊：它看得见牌堆顺序；游戏结束后才允许）正在从头重下这一局…",
        "winnable_yes": "参照赢下了这一局：这一局能赢",
        "winnable_no": "参照也没有赢下这一局：这一局大概赢不了",
        "winnable_step": "在你的对局旁逐步查看它的制胜路线",
        "winnable_same": "与你的对局相同的前几个决策：",
        "beside_title": "你的对局在这一步", "beside_you": "你选择了",
        "beside_over": "你的对局在这一步时已结束", "beside_open": "在此打开你的对局",
    },
}
