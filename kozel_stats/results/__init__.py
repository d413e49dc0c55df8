"""Results folders: what a run writes (its plan, statistics, summary) and reads back through a schema, owned by one run
at a time."""
