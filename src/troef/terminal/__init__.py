"""Card games in the terminal: one human seat against computer players (``troef play ...``)."""
