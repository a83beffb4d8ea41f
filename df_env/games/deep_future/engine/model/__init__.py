"""The state model: constants and rule tables, the state record, the action layout, the random generator, the event
log and the names of things. No rule lives here."""
