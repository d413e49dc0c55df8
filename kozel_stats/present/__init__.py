"""What a person reads: the words of the statistics, the terminal's tables and live progress, the HTML reports."""
