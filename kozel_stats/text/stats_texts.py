"""What the statistics say, English and Russian: the errors of merging or reading the stored moments
(stats/moments.py imports this module, which declares the sentences at import).
"""

from __future__ import annotations

from . import messages

messages.add(
    {
        "moments.games_counted_twice": (
            "games {first}..{last} counted twice",
            "партии {first}..{last} посчитаны дважды",
        ),
        "moments.field_shape_expected": (
            "field {name!r} has shape {value_shape}, expected {expected}",
            "у поля {name!r} размеры {value_shape}, а нужны {expected}",
        ),
        "moments.field_differences_wrong_number": (
            "field 'differences' has the wrong number of metrics",
            "в поле 'differences' не то число показателей",
        ),
        "moments.cannot_merge_gram_matrices": (
            "cannot merge the Gram matrices of two different sweeps",
            "нельзя объединить матрицы Грама двух разных переборов",
        ),
        "moments.field_gram_upper_values": (
            "field 'gram.upper' has {upper_size} values, expected {rows_size}",
            "в поле 'gram.upper' значений {upper_size}, а нужно {rows_size}",
        ),
        "moments.field_gram_values_does": (
            "field 'gram.values' does not match the contrasts and metrics",
            "поле 'gram.values' не соответствует контрастам и показателям",
        ),
        "moments.field_gram_contrasts_contrast": (
            "field 'gram.contrasts' has a contrast of the wrong length",
            "в поле 'gram.contrasts' контраст не той длины",
        ),
        "moments.cannot_merge_statistics_two": (
            "cannot merge the statistics of two different runs",
            "нельзя объединить статистику двух разных прогонов",
        ),
        "moments.cannot_merge_sweep_statistics": (
            "cannot merge a sweep's statistics with a comparison's",
            "нельзя объединить статистику перебора и сравнения",
        ),
        "moments.metrics_version_recompute_summarize": (
            "its metrics are not this version's (recompute with `summarize` from a games table)",
            "его показатели — не этой версии (пересчитайте их `summarize` из таблицы партий)",
        ),
        "moments.gram_matrix_arms_but": (
            "its Gram matrix is for {gram_arms} arms, but it holds {n_arms}",
            "его матрица Грама — для {gram_arms} вариантов, а в нём {n_arms}",
        ),
    }
)
