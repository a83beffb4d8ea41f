"""The campaign (section 3 and the campaign rules): the galaxy carried from game to game (:mod:`.core`), its file
format (:mod:`.format`), safe files (:mod:`.files`) and the ``df-env campaign`` commands (:mod:`.commands`)."""
