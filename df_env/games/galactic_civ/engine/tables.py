"""Galactic Civ's printed data as the source gives it (RULES.md sections 1-3): attributes, races, the common deck
(GC4, GC23) and the Event deck (GC24-GC31), with the numpy tables compiled code reads.

Compiled code (njit) freezes the numpy tables below into its machine code, so this file is part of the compile
cache's key (df_env/core/jit.py hashes every source of this engine/ folder): an edit here recompiles.
"""

from __future__ import annotations

import numpy as np

ATTRIBUTES = ("Morale", "Research", "Exploration", "Exploitation", "Expansion", "Influence", "Trade", "Military")
ATTRIBUTES_ZH = ("士气", "研究", "探索", "开发", "扩张", "影响", "贸易", "军事")
MORALE, RESEARCH, EXPLORATION, EXPLOITATION, EXPANSION, INFLUENCE, TRADE, MILITARY = range(8)
N_ATTR = 8

# GC5: (race, bonus per attribute). Every bonus totals +4.
RACES = (
    ("Terran Alliance", (0, 0, 0, 0, 2, 2, 0, 0)),
    ("Dregin Empire", (0, 0, 0, 0, 0, 0, 0, 4)),
    ("Iconian Refuge", (0, 0, 2, 0, 0, 2, 0, 0)),
    ("Yor Singularity", (0, 2, 0, 2, 0, 0, 0, 0)),
    ("Altarian Resistance", (0, 0, 0, 0, 0, 4, 0, 0)),
    ("Iridium Corporation", (0, 0, 0, 0, 0, 0, 4, 0)),
    ("Krynn Syndicate", (0, 0, 0, 2, 0, 2, 0, 0)),
    ("Thalan Contingency", (0, 2, 0, 0, 0, 2, 0, 0)),
    ("Snathi Revenge", (0, 0, 0, 0, 2, 0, 0, 2)),
    ("Torian Regime", (0, 2, 0, 0, 2, 0, 0, 0)),
    ("Arcean Empire", (0, 0, 0, 0, 0, 0, 2, 2)),
)
RACE_NAMES = tuple(r[0] for r in RACES)
N_RACES = len(RACES)
START_SCORE = 5  # GC6

CARD_TYPES = ("Ship", "Find", "Tech", "Build")
CARD_TYPES_ZH = ("舰船", "发现", "科技", "建筑")
SHIP, FIND, TECH, BUILD = range(4)
SHIP_GRAVEYARD = 57  # GCR13: the one card that does more than add points

EVENT_TYPES = ("MD", "GE", "UPI")
EVENT_TYPE_NAMES = ("Moral Dilemma", "Galactic Event", "United Planets Issue")
MD, GE, UPI = range(3)
UPI_KINDS = ("winner", "target", "others")  # GC31/GCR25: who a UPI's listed effect hits
BENEVOLENCE = (  # GC29: (first face, last face, name, attribute)
    (1, 2, "Outreach", EXPANSION), (3, 5, "Affinity", MORALE), (6, 8, "Prominence", INFLUENCE),
    (9, 10, "Enlightenment", RESEARCH),
)

CARDS = (  # (name, type, effect per attribute in ATTRIBUTES order); id = position (RULES.md section 2)
    ('Scout Ships', 'Ship', (0, 0, 2, 0, 0, 0, 0, 0)),
    ('Interceptors', 'Ship', (1, 0, 0, 0, 0, 0, 0, 1)),
    ('Rangers', 'Ship', (0, 0, 1, 0, 0, 0, 0, 1)),
    ('Guardians', 'Ship', (0, 0, 0, 0, 1, 0, 0, 1)),
    ('Gunships', 'Ship', (0, 0, 0, 0, 0, 1, 0, 1)),
    ('Support Ships', 'Ship', (0, 1, 0, 0, 0, 0, 0, 1)),
    ('Assault Ships', 'Ship', (0, 0, 0, 0, 0, 0, 0, 2)),
    ('Escorts', 'Ship', (0, 0, 0, 0, 0, 0, 1, 1)),
    ('Frigates', 'Ship', (0, 0, 0, 0, 1, 0, 0, 2)),
    ('Destroyers', 'Ship', (0, 0, 0, 0, 0, 0, 1, 2)),
    ('Cruisers', 'Ship', (0, 0, 0, 0, 0, 1, 0, 2)),
    ('Capital Ships', 'Ship', (0, 0, 0, 0, 0, 0, 0, 3)),
    ('Battleship', 'Ship', (0, 0, 0, 0, 0, 1, 0, 3)),
    ('Flagship', 'Ship', (0, 0, 0, 0, 0, 2, 0, 2)),
    ('Carrier', 'Ship', (1, 0, 0, 0, 0, 0, 0, 3)),
    ('Dreadnaught', 'Ship', (0, 0, 0, 0, 0, 2, 0, 3)),
    ('Traders', 'Ship', (0, 0, 1, 0, 0, 0, 1, 0)),
    ('Freighters', 'Ship', (0, 0, 0, 0, 0, 0, 2, 0)),
    ('Cargo Ship', 'Ship', (0, 0, 0, 0, 0, 0, 3, 0)),
    ('Transport Ships', 'Ship', (0, 0, 0, 0, 1, 0, 1, 1)),
    ('Colony Ship', 'Ship', (0, 0, 0, 0, 3, 0, 0, 0)),
    ('Luxury Liner', 'Ship', (2, 0, 0, 0, 0, 2, 0, 0)),
    ('Constructor Ship', 'Ship', (0, 0, 0, 1, 2, 0, 0, 0)),
    ('Survey Ships', 'Ship', (0, 0, 1, 1, 0, 0, 0, 0)),
    ('Envoy Ship', 'Ship', (0, 0, 0, 0, 0, 1, 1, 0)),
    ('First Contact Craft', 'Ship', (0, 0, 1, 0, 0, 1, 0, 0)),
    ('Research Ship', 'Ship', (0, 1, 1, 0, 0, 0, 0, 0)),
    ('Salvage Ships', 'Ship', (0, 0, 0, 1, 0, 0, 0, 1)),
    ('Corvettes', 'Ship', (0, 0, 1, 0, 0, 1, 0, 1)),
    ('Precursor Ship', 'Ship', (1, 1, 0, 0, 0, 0, 0, 2)),
    ('Duranthium', 'Find', (0, 0, 0, 1, 0, 0, 0, 2)),
    ('Elerium', 'Find', (0, 0, 0, 0, 0, 0, 0, 3)),
    ('Antimatter', 'Find', (0, 0, 0, 2, 0, 0, 0, 1)),
    ('Promethion', 'Find', (0, 0, 1, 0, 2, 0, 0, 0)),
    ('Thulium', 'Find', (0, 2, 1, 0, 0, 0, 0, 0)),
    ('Artocarpus Viriles', 'Find', (0, 0, 0, 0, 1, 0, 1, 0)),
    ('Aurorus Arboretum', 'Find', (0, 0, 0, 0, 0, 2, 0, 0)),
    ('Crystalized Elerium', 'Find', (0, 0, 0, 0, 0, 0, 0, 2)),
    ('Epimetheus Pollen', 'Find', (0, 0, 0, 0, 1, 0, 0, 1)),
    ('Harmony Crystals', 'Find', (2, 0, 0, 0, 0, 0, 0, 0)),
    ('Helios Ore', 'Find', (0, 0, 0, 0, 0, 0, 1, 1)),
    ('Hyper Silicates', 'Find', (0, 2, 0, 0, 0, 0, 0, 0)),
    ('Monsatium Deposit', 'Find', (0, 0, 0, 0, 2, 0, 0, 0)),
    ('Precursor Nanites', 'Find', (0, 0, 0, 2, 0, 0, 0, 0)),
    ('Prometheus Stone', 'Find', (0, 0, 1, 0, 0, 0, 0, 1)),
    ('Snuggler Colony', 'Find', (0, 0, 0, 0, 0, 1, 1, 0)),
    ('Techapod Hive', 'Find', (0, 0, 0, 1, 1, 0, 0, 0)),
    ('Thulium Catalyst', 'Find', (0, 1, 1, 0, 0, 0, 0, 0)),
    ('Ultra Spice', 'Find', (0, 0, 0, 0, 0, 0, 2, 0)),
    ('Xanthium Deposit', 'Find', (0, 0, 0, 1, 0, 0, 0, 1)),
    ('Anomaly', 'Find', (0, 1, 0, 0, 0, 0, 0, 0)),
    ('Storage Capsule', 'Find', (0, 0, 0, 1, 0, 0, 0, 0)),
    ('Habitable Planet', 'Find', (0, 0, 0, 0, 3, 0, 0, 0)),
    ('Extreme World', 'Find', (0, 0, 0, 0, 1, 0, 0, 0)),
    ('Minor Alien Race', 'Find', (0, 0, 0, 1, 0, 0, 1, 0)),
    ('Trade Route', 'Find', (0, 0, 0, 0, 0, 0, 2, 0)),
    ('Wormhole', 'Find', (0, 0, 2, 0, 0, 0, 0, 0)),
    ('Ship Graveyard', 'Find', (0, 0, 0, 1, 0, 0, 0, 0)),
    ('Asteroid Field', 'Find', (0, 0, 0, 2, 0, 0, 0, 0)),
    ('Nebula', 'Find', (0, 0, 1, 1, 0, 0, 0, 0)),
    ('Advanced Construction', 'Tech', (0, 0, 0, 2, 0, 0, 0, 0)),
    ('Research Matrix', 'Tech', (0, 2, 0, 0, 0, 0, 0, 0)),
    ('Agricultural Adaptation', 'Tech', (0, 0, 0, 1, 1, 0, 0, 0)),
    ('Xeno Biology', 'Tech', (0, 0, 0, 0, 2, 0, 0, 0)),
    ('Environmental Engineering', 'Tech', (0, 0, 0, 1, 1, 0, 0, 0)),
    ('Drive Technology', 'Tech', (0, 0, 2, 0, 0, 0, 0, 0)),
    ('Interstellar Survey', 'Tech', (0, 0, 1, 1, 0, 0, 0, 0)),
    ('Life Support', 'Tech', (0, 0, 0, 0, 2, 0, 0, 0)),
    ('Zero-G Construction', 'Tech', (0, 0, 0, 0, 1, 0, 0, 1)),
    ('Interstellar Logistics', 'Tech', (0, 0, 0, 2, 0, 0, 0, 0)),
    ('Weapon Systems', 'Tech', (0, 0, 0, 0, 0, 0, 0, 2)),
    ('Militarization', 'Tech', (0, 0, 0, 0, 0, 0, 0, 2)),
    ('Defense Systems', 'Tech', (0, 0, 0, 0, 0, 0, 0, 2)),
    ('Interstellar Governance', 'Tech', (1, 0, 0, 1, 0, 0, 0, 0)),
    ('Xeno Economics', 'Tech', (0, 0, 0, 0, 0, 1, 1, 0)),
    ('Interstellar Trade', 'Tech', (0, 0, 0, 0, 0, 0, 2, 0)),
    ('Xeno Entertainment', 'Tech', (2, 0, 0, 0, 0, 0, 0, 0)),
    ('Universal Translator', 'Tech', (0, 0, 0, 0, 0, 2, 0, 0)),
    ('Xeno Tourism', 'Tech', (0, 0, 0, 0, 0, 1, 1, 0)),
    ('Interstellar Banking', 'Tech', (0, 0, 0, 0, 0, 0, 2, 0)),
    ('Assimilation Techniques', 'Tech', (0, 0, 0, 0, 0, 2, 0, 0)),
    ('Mediation Practices', 'Tech', (1, 0, 0, 0, 0, 1, 0, 0)),
    ('Xeno Archeology', 'Tech', (0, 2, 0, 0, 0, 0, 0, 0)),
    ('Ascension Pathways', 'Tech', (2, 0, 0, 0, 0, 0, 0, 0)),
    ('Neurolinking', 'Tech', (0, 2, 0, 0, 0, 0, 0, 0)),
    ('Planetary Invasion', 'Tech', (0, 0, 0, 0, 0, 0, 0, 2)),
    ('Advanced Energy Systems', 'Tech', (0, 0, 0, 1, 0, 0, 0, 1)),
    ('Long Range Sensors', 'Tech', (0, 0, 1, 0, 0, 0, 0, 1)),
    ('Interstellar Law', 'Tech', (0, 0, 0, 0, 0, 2, 0, 0)),
    ('Starship Prototypes', 'Tech', (0, 0, 1, 0, 0, 0, 0, 1)),
    ('Colony Hub', 'Build', (0, 0, 0, 0, 3, 0, 0, 0)),
    ('Mega Factory', 'Build', (0, 0, 0, 2, 1, 0, 0, 0)),
    ('Agri-Domes', 'Build', (0, 0, 0, 1, 2, 0, 0, 0)),
    ('Space Elevator', 'Build', (0, 0, 0, 1, 1, 0, 1, 0)),
    ('World Market', 'Build', (0, 0, 0, 0, 1, 0, 2, 0)),
    ('Research Labs', 'Build', (0, 2, 0, 0, 1, 0, 0, 0)),
    ('Colony Mainframe', 'Build', (0, 1, 0, 1, 1, 0, 0, 0)),
    ('Entertainment District', 'Build', (2, 0, 0, 0, 1, 0, 0, 0)),
    ('Mega Resort', 'Build', (2, 0, 0, 0, 1, 0, 0, 0)),
    ('Mega Stadium', 'Build', (2, 0, 0, 0, 1, 0, 0, 0)),
    ('Embassy', 'Build', (0, 0, 0, 0, 1, 2, 0, 0)),
    ('Consulate', 'Build', (0, 0, 0, 0, 1, 2, 0, 0)),
    ('Emigration Center', 'Build', (0, 0, 0, 0, 1, 2, 0, 0)),
    ('Antimatter Power Plant', 'Build', (0, 0, 0, 2, 1, 0, 0, 0)),
    ('Manufacturing Center', 'Build', (0, 0, 0, 2, 1, 0, 0, 0)),
    ('Industrial Replicator', 'Build', (0, 0, 0, 2, 1, 0, 0, 0)),
    ('Planetary Defense System', 'Build', (0, 0, 0, 0, 1, 0, 0, 2)),
    ('Orbital Defense Platform', 'Build', (0, 0, 0, 0, 1, 0, 0, 2)),
    ('Medical Center', 'Build', (1, 0, 0, 0, 2, 0, 0, 0)),
    ('Discovery Sphere', 'Build', (0, 2, 0, 0, 1, 0, 0, 0)),
    ('Financial Sector', 'Build', (0, 0, 0, 0, 1, 0, 2, 0)),
    ('Galactic Stock Exchange', 'Build', (0, 0, 0, 0, 1, 0, 2, 0)),
    ('Galactic Bazaar', 'Build', (0, 0, 0, 0, 1, 0, 2, 0)),
    ('Capital City', 'Build', (1, 0, 0, 0, 1, 1, 1, 0)),
    ('Shipyard', 'Build', (0, 0, 1, 0, 0, 0, 1, 1)),
    ('Outpost', 'Build', (0, 0, 2, 0, 1, 0, 0, 1)),
    ('Mining Starbase', 'Build', (0, 0, 0, 2, 1, 0, 0, 1)),
    ('Research Station', 'Build', (0, 2, 0, 0, 1, 0, 0, 1)),
    ('Cultural Starbase', 'Build', (0, 0, 0, 0, 1, 2, 0, 1)),
    ('Military Starbase', 'Build', (0, 0, 0, 0, 1, 0, 0, 3)),
)
EVENTS = (  # (name, type, main effect, IB penalty, who a UPI's effect hits); id = position (section 3)
    ('Sentient Pods', 'MD', (0, 2, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Pirate Lair', 'MD', (0, 0, 0, 0, 0, 0, 1, 1), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Precursor Workshop', 'MD', (0, 0, 0, 2, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Stone Age Natives', 'MD', (0, 0, 0, 2, 0, 0, 0, 0), (0, 0, 0, -2, 0, 0, 0, 0), 'winner'),
    ('Precursor Artifact', 'MD', (0, 0, 0, 0, 2, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Precursor Defenses', 'MD', (0, 2, 0, 0, -1, 0, 0, 0), (0, 0, 0, 0, 0, 0, -1, 0), 'winner'),
    ('Insectoid Wars', 'MD', (0, 0, 0, 0, 1, 0, 0, 0), (-1, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Sea Monkeys', 'MD', (0, 2, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('High Tech Hijack', 'MD', (0, 1, 0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Ancient Ruins', 'MD', (0, 0, 0, 0, 1, 0, 0, 0), (0, 0, 0, 0, -1, 0, 0, 0), 'winner'),
    ('Alien Squatters', 'MD', (0, 0, 0, 1, 0, 0, 0, 0), (0, 0, 0, 0, -1, 0, 0, 0), 'winner'),
    ('The Messiah', 'MD', (1, 0, 0, 0, 0, 0, 0, 0), (-1, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Earthworms', 'MD', (0, 0, 0, 0, 2, 0, 0, 0), (0, 0, 0, 0, -2, 0, 0, 0), 'winner'),
    ('Underwater Beasts', 'MD', (2, 0, 0, 0, 0, 0, 0, 0), (-2, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Undead Warriors', 'MD', (0, 0, 0, 0, 0, 0, 0, 1), (0, -1, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Flesh Nectar', 'MD', (0, 0, 0, 0, 0, 0, 2, 0), (0, 0, 0, 0, 0, 0, -2, 0), 'winner'),
    ('Ultimate Soldier', 'MD', (0, 0, 0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 0, -1, 0), 'winner'),
    ('Eye of the Precursor', 'MD', (0, 0, 0, 0, 0, 2, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Corporate Corruption', 'MD', (0, 0, 0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 0, -1, 0), 'winner'),
    ('Mid-Evil Hippies', 'MD', (0, 0, 0, 0, 1, 0, 0, 0), (0, 0, 0, 0, -1, 0, 0, 0), 'winner'),
    ('Falling Moon', 'MD', (0, 0, 0, 1, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, -1, 0), 'winner'),
    ('Catch Em All', 'MD', (1, 0, 0, 0, 0, 0, 0, 0), (-1, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Lava Caves', 'MD', (0, 0, 0, 2, -2, 0, 2, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Asteroid Showers', 'MD', (0, 0, 0, 0, -2, 0, 3, 0), (0, 0, 0, 0, 0, 0, -1, 0), 'winner'),
    ('Suffocated Beasts', 'MD', (1, 0, 0, 0, 0, 0, 0, 0), (-1, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Tasty Eggs', 'MD', (0, 0, 0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 0, -1, 0), 'winner'),
    ('Stolen Cargo', 'MD', (0, 0, 0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 0, -1, 0), 'winner'),
    ('Anti-Government', 'MD', (1, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, -1, 0, 0), 'winner'),
    ('Digital Addiction', 'MD', (1, 0, 0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 0, -2, 0), 'winner'),
    ('Cheating Death', 'MD', (0, 0, 0, 0, -1, 0, 2, 0), (0, 0, 0, 0, 0, 0, -1, 0), 'winner'),
    ('Alien Drought', 'MD', (0, 0, 0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 0, -1, 0), 'winner'),
    ('Blood Trade', 'MD', (0, 0, 0, 0, 0, 0, 2, 0), (0, 0, 0, 0, 0, 0, -2, 0), 'winner'),
    ('Scaly Trade', 'MD', (0, 0, 0, 0, -1, 0, 2, 0), (0, 0, 0, 0, 0, 0, -1, 0), 'winner'),
    ('Undue Influence', 'MD', (0, 0, 0, 0, -1, 3, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Manticore Forest', 'MD', (0, 0, 0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 0, 0, -1), 'winner'),
    ('Solar Slammer', 'MD', (0, 2, 0, 0, -1, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Doomsday Defender', 'MD', (0, 0, 0, 0, 0, 0, 0, 2), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('The Wee Dead Folk', 'MD', (0, 2, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Food for Thought', 'MD', (2, 0, 0, 0, -1, 0, 0, 0), (0, 0, 0, 0, 0, 0, -1, 0), 'winner'),
    ('New Wormhole', 'GE', (0, 0, 2, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Xenophobes', 'GE', (0, 0, 0, 0, 0, -2, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Xenophiles', 'GE', (0, 0, 0, 0, 0, 2, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Economic Boon', 'GE', (0, 0, 0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('New Minor Race', 'GE', (0, 0, 0, 0, -2, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Space Pirates', 'GE', (0, 0, 0, 0, 0, 0, -1, -1), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Diplomatic Assassination', 'GE', (-1, 0, 0, 0, 0, -1, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Regime Change', 'GE', (2, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Tear Hole in Galaxy', 'GE', (0, 0, -2, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Lucky Ranger', 'GE', (0, 0, 1, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Depression', 'GE', (0, 0, 0, 0, 0, 0, -2, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Precursor Terraformer', 'GE', (0, 0, 0, 0, 2, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Ultradrive', 'GE', (0, 0, 2, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Thinking Machines', 'GE', (0, 2, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Host Legal Center', 'UPI', (0, 0, 0, 0, 0, 2, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Expand Trade Routes', 'UPI', (0, 0, 0, 0, 0, 0, 2, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Arm Transports', 'UPI', (0, 0, 0, 0, 0, 0, 0, 2), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Galactic Subsidies', 'UPI', (0, 0, 0, 0, 0, 0, -2, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'target'),
    ('Reimburse Natives', 'UPI', (0, 0, 0, 0, 0, 0, -2, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'target'),
    ('Require Star Democracy', 'UPI', (-2, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'others'),
    ('Require Imperialism', 'UPI', (-2, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'others'),
    ('Up Constructor Speeds', 'UPI', (0, 0, 0, 0, 2, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Galactic Cease-Fire', 'UPI', (2, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Colonization Opportunity', 'UPI', (0, 0, 0, 0, 2, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Space Monster Zoo', 'UPI', (0, 0, 0, 0, 0, 0, 2, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Limit Trade Routes', 'UPI', (0, 0, 0, 0, 0, 0, -2, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'target'),
    ('Galactic Olympiad Venue', 'UPI', (0, 0, 0, 0, 0, 0, 2, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Galactic Prison', 'UPI', (0, 0, 0, 2, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Starbase Module Limit', 'UPI', (0, 0, 0, 0, -1, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'others'),
    ('Starbases Assist Allies', 'UPI', (0, 0, 0, 0, 0, 0, 0, 2), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Foreign Starbase Tax', 'UPI', (0, 0, 0, 0, 0, 0, -1, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'others'),
    ('Foreign Colony Tax', 'UPI', (0, 0, 0, 0, 0, 0, -1, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'others'),
    ('Technology Trade', 'UPI', (0, 2, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('Terror Star Ban', 'UPI', (0, 0, 0, 0, 0, 0, 0, -2), (0, 0, 0, 0, 0, 0, 0, 0), 'target'),
    ('Trade Federation', 'UPI', (0, 0, 0, 0, 0, 0, 1, 1), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('United Celebration', 'UPI', (2, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'winner'),
    ('War-faring Tax', 'UPI', (0, 0, 0, 0, 0, 0, -1, -1), (0, 0, 0, 0, 0, 0, 0, 0), 'target'),
    ('Humanitarian Aid Tax', 'UPI', (0, 0, 0, 0, 0, 0, -1, 0), (0, 0, 0, 0, 0, 0, 0, 0), 'others'),
)

N_CARDS = len(CARDS)
N_EVENTS = len(EVENTS)
CARD_NAMES = tuple(c[0] for c in CARDS)
EVENT_NAMES = tuple(e[0] for e in EVENTS)

# ---- the tables compiled code reads
RACE_BONUS = np.array([r[1] for r in RACES], dtype=np.int64)
CARD_TYPE = np.array([CARD_TYPES.index(c[1]) for c in CARDS], dtype=np.int64)
CARD_EFFECT = np.array([c[2] for c in CARDS], dtype=np.int64)
EVENT_TYPE = np.array([EVENT_TYPES.index(e[1]) for e in EVENTS], dtype=np.int64)
EVENT_EFFECT = np.array([e[2] for e in EVENTS], dtype=np.int64)
EVENT_IB = np.array([e[3] for e in EVENTS], dtype=np.int64)
EVENT_UPI_KIND = np.array([UPI_KINDS.index(e[4]) for e in EVENTS], dtype=np.int64)
# GC29: the benevolence table's attribute by die face (index 0 unused)
BENEVOLENCE_ATTR = np.array([-1] + [a for lo, hi, _, a in BENEVOLENCE for _ in range(lo, hi + 1)], dtype=np.int64)

# GC21: victory paths 1-5 as (name, primary, secondary, secondary); path 6 is the General Victory (GC22)
PATHS = (
    ("Conquest", MILITARY, EXPANSION, EXPLOITATION),
    ("Diplomacy", INFLUENCE, TRADE, MILITARY),
    ("Ascension", EXPLORATION, MILITARY, RESEARCH),
    ("Technology", RESEARCH, EXPLOITATION, TRADE),
    ("Influence", INFLUENCE, MORALE, EXPANSION),
)
PATH_ATTRS = np.array([p[1:] for p in PATHS], dtype=np.int64)
VICTORY_NAMES = ("", "Conquest", "Diplomacy", "Ascension", "Technology", "Influence", "General", "draw")
VICTORY_NAMES_ZH = ("", "征服", "外交", "飞升", "科技", "影响", "综合", "平局")
PATH_LEAD = 5  # GCR16
FIRST_PATH_TURN = 11  # GCR17
LAST_TURN = 20  # GC22
FIRST_EVENT_TURN = 3  # GCR22
HAND_LIMIT = 5  # GC19

assert len(CARDS) == 120 and all(sum(1 for c in CARDS if c[1] == t) == 30 for t in CARD_TYPES)  # GC4
assert len(EVENTS) == 77 and len(set(CARD_NAMES)) == 120 and len(set(EVENT_NAMES)) == 77  # GC24
