"""Game records: the JSON-lines trace of a game (written, read, replayed) and the readable play log."""
