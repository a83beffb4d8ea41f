"""What a player sees: the observation vector in named sections (:mod:`.encode`) and determinization of the
hidden information (:mod:`.determinize`)."""

from .encode import (
    CF,
    LAYOUTS,
    SECTION_NAMES,
    ObservationLayout,
    encode,
    encode_arr,
    encode_batch,
    features_table,
    layout_table,
    observation_layout,
    observe,
    observe_dict,
)

__all__ = [
    "CF",
    "LAYOUTS",
    "SECTION_NAMES",
    "ObservationLayout",
    "encode",
    "encode_arr",
    "encode_batch",
    "features_table",
    "layout_table",
    "observation_layout",
    "observe",
    "observe_dict",
]
