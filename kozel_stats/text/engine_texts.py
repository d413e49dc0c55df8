"""The engine's own sentences: a bot's name or a tile that is not one (engine/bots.py parse_bot, engine/codes.py
tile_from_name). Importing this module declares them."""

from __future__ import annotations

from . import messages

messages.add(
    {
        "bots.unknown": (
            "unknown bot {name!r}; allowed: {allowed}, sampler:N, expert:N.",
            "бота {name!r} нет; есть: {allowed}, sampler:N, expert:N.",
        ),
        "bots.unknown_worlds": (
            "unknown bot {name!r}: {kind}:N needs a whole number of worlds N, 1..{top}.",
            "бота {name!r} нет: {kind}:N — это целое число миров N, от 1 до {top}.",
        ),
        "bots.unknown_deals": (
            "unknown bot {name!r}: {kind}:N needs a whole number of sampled deals N, 1..{top}.",
            "бота {name!r} нет: {kind}:N — это целое число разыгранных раскладов N, от 1 до {top}.",
        ),
        "tiles.not_a_tile": ("not a tile: {name!r}", "это не кость: {name!r}"),
        "tiles.not_a_tile_digits": (
            "not a tile: {name!r} (digits 0..6, smaller first)",
            "это не кость: {name!r} (цифры 0..6, меньшая первой)",
        ),
    }
)
