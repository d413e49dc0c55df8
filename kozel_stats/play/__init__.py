"""Playing many games: seeds and batches, the pool of worker processes or a Dask cluster, the warm-up of the kernels."""
