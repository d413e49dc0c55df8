"""The statistics: the metrics of a game, the per-batch sufficient statistics (integer sums and moments) and the
comparisons and tests computed from them."""
