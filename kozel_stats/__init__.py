"""kozel-stats: settle arguments about the domino game Козёл with data."""

__version__ = "0.1.0"
