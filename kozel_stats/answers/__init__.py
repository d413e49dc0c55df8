"""The answers to a yard's questions: compare (variants against a base), duel (bots against bots), sweep (knobs
crossed)."""
