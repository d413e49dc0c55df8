"""The atlas: the answers to the yard's usual questions played and laid out as a static site."""
