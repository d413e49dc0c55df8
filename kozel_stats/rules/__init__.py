"""The rules as data: the knobs (every yard difference), the variant files and their loading, the roster of bots and
the levels of play, the exact redeal probability."""
