"""What the web server refuses before it acts: malformed or oversized requests (:mod:`.bodies`) and agent specs or
loads beyond the server's limits (:mod:`.limits`)."""
