"""Repository tools that know no game (not installed): the code's shape (``check_layout``), the import graph
(``import_graph``) and the architecture picture (``archpic``). Each game's doc and golden-file writers are in its
own package (``df_env.games.<id>.tools``)."""
