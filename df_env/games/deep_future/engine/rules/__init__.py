"""The compiled rules: the flow of a game (frames and procedures), setup, the actions and advancements, EVOKE,
the end of a turn (challenges, upkeep) and victory, over the board and card primitives."""
