"""Names of worlds, techs, civilizations and sectors in a language: English from :mod:`..model.names`,
Chinese made from the same code and the same word picks (R26).

A Chinese name follows its English one: a tech's adjective and noun are translated (``Helical Codex`` ->
``螺旋法典``), a civilization's polity too (``the Vossari Compact`` -> ``沃萨里契约``), a sector's feature
(``Thessar Reach`` -> ``塞萨疆域``), and an invented word is written in Chinese syllables, one per syllable of the
English word, so the same code always reads the same in both languages.

Example:
    >>> world_name(12345, "zh") == world_name(12345, "zh") != ""
    True
    >>> tech_name(-1, "zh")
    ''
"""

from __future__ import annotations

from ..model import names as N

_TECH_ADJECTIVES_ZH = ("量子", "螺旋", "光速", "虚空", "星辰", "递归", "和谐", "引力子", "神经", "静默", "分形",
                       "超光子", "辐射", "深空", "空洞", "水晶", "等离子", "先祖", "轨道", "熵", "棱光", "暗", "太阳",
                       "晶格", "时序", "记忆", "离子", "深渊", "镀金", "动能")
_TECH_NOUNS_ZH = ("晶格", "教义", "引擎", "法典", "熔炉", "阵列", "协议", "织机", "矩阵", "正典", "导管", "定理",
                  "反应堆", "圣咏", "纺锤", "档案馆", "罗盘", "透镜", "驱动器", "花园", "密码", "法令", "摇篮", "信标",
                  "熔炉", "织网", "合成", "星门", "账簿", "铁砧")
_POLITIES_ZH = ("契约", "霸权", "协和", "领地", "优势同盟", "集体", "圣约", "共和国", "辛迪加", "联盟", "王座",
                "议会", "联邦", "执政府", "联合会", "圣咏团", "飞地", "帝国", "协定", "天命")
_FEATURES_ZH = ("疆域", "旷野", "漂流带", "帷幕", "深渊", "边境", "浅滩", "边缘", "摇篮", "裂隙", "深谷", "渡口",
                "星云", "幽谷", "旋臂", "前沿", "盆地", "海湾", "荒原", "航道")
_CONSONANTS_ZH = ("克", "克", "维", "弗", "泽", "索", "德", "克", "库", "斯", "沙", "特", "特", "莫", "纳", "洛",
                  "罗", "菲", "加", "加", "巴", "布", "伊", "埃", "奥", "乌", "伊", "阿", "卡", "赫")
_MIDDLES_ZH = ("克", "尔", "拉", "斯", "恩", "瓦", "扎", "萨", "卡", "达", "拉", "沙", "玛", "加", "库", "德")
_VOWELS_ZH = ("", "", "", "", "", "", "", "", "", "", "", "")  # the vowel colours the consonant's syllable only
_CODAS_ZH = ("克斯", "恩", "尔", "斯", "斯", "尔", "克", "姆", "克斯", "恩", "尔", "斯", "", "", "", "")
_SUFFIXES_ZH = ("里", "特", "安", "恩", "奥斯", "乌尔", "尼", "什", "里", "艾", "克", "尔")


def _word_zh(p: N._Picker, syllables: int) -> str:
    """The Chinese form of :func:`N._word`: the same picks, one character per consonant, the coda's sound."""
    parts = [p.pick(_CONSONANTS_ZH), p.pick(_VOWELS_ZH)]
    for _ in range(syllables - 1):
        parts += [p.pick(_MIDDLES_ZH), p.pick(_VOWELS_ZH)]
    parts.append(p.pick(_CODAS_ZH))
    return "".join(parts)


def world_name(code: int, lang: str = "en") -> str:
    """Name of a world card from its code (``""`` for -1)."""
    c = N._check(code)
    if lang == "en" or c is None:
        return N.world_name(code)
    p = N._Picker(c, 1)
    return _word_zh(p, 2 + p.below(2))


def tech_name(code: int, lang: str = "en") -> str:
    """Title of a tech card from its code (``""`` for -1)."""
    c = N._check(code)
    if lang == "en" or c is None:
        return N.tech_name(code)
    p = N._Picker(c, 2)
    adjective, noun = p.pick(N._TECH_ADJECTIVES), p.pick(N._TECH_NOUNS)
    adj_zh = _TECH_ADJECTIVES_ZH[N._TECH_ADJECTIVES.index(adjective)]
    if noun == adjective:
        return adj_zh + _word_zh(p, 2)
    return adj_zh + _TECH_NOUNS_ZH[N._TECH_NOUNS.index(noun)]


def civ_name(code: int, lang: str = "en") -> str:
    """Name of a civilization card from its code (``""`` for -1)."""
    c = N._check(code)
    if lang == "en" or c is None:
        return N.civ_name(code)
    p = N._Picker(c, 3)
    root = p.pick(_CONSONANTS_ZH) + p.pick(_VOWELS_ZH) + p.pick(_MIDDLES_ZH)
    return root + p.pick(_SUFFIXES_ZH) + p.pick(_POLITIES_ZH)


def sector_name(code: int, lang: str = "en") -> str:
    """Name of a map sector from its code (``""`` for -1)."""
    c = N._check(code)
    if lang == "en" or c is None:
        return N.sector_name(code)
    p = N._Picker(c, 4)
    word = _word_zh(p, 2)
    feature = p.pick(_FEATURES_ZH)
    return f"{word}{feature}" if p.below(3) else f"{feature}之{word}"
