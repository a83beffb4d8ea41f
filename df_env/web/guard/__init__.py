"""What the web server refuses before it acts: malformed or oversized requests (:mod:`.bodies`), agent specs or
loads beyond the server's limits (:mod:`.limits`) and a new game's start options not allowed (:mod:`.options`)."""
